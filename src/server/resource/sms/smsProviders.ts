/**
 * The provider of each sms category. Categories the dictionary lists but this
 * deployment has no gateway for can be configured, and sending through them
 * says so plainly.
 */
import type { Queryable } from '../../db/pool.js';
import { badRequest } from '../../http/apiError.js';
import { logProvider } from './logProvider.js';
import type { SmsProvider } from './smsProvider.js';

export const SMS_CATEGORY_LOG = 1;

const PROVIDERS: ReadonlyMap<number, SmsProvider> = new Map([[SMS_CATEGORY_LOG, logProvider]]);

/** The tenant's label of a category in the sms dictionary. */
async function categoryLabel(db: Queryable, tenantId: string, category: number): Promise<string> {
  const result = await db.query<{ dict_value: string }>(
    `SELECT dict_value FROM blade_dict WHERE tenant_id = $1 AND code = 'sms' AND dict_key = $2 AND parent_id <> 0 AND is_deleted = 0 LIMIT 1`,
    [tenantId, String(category)],
  );
  return result.rows[0]?.dict_value ?? `类型 ${category}`;
}

export async function providerFor(db: Queryable, tenantId: string, category: number): Promise<SmsProvider> {
  const provider = PROVIDERS.get(category);
  if (provider) return provider;
  const label = await categoryLabel(db, tenantId, category);
  throw badRequest(
    `本系统未接入「${label}」短信网关，无法通过此配置发送短信；请改用“日志”类型的配置`,
    `This deployment has no gateway for "${label}" SMS, so this configuration cannot send; use a configuration of the log type`,
  );
}
