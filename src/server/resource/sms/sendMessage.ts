/**
 * POST /api/blade-resource/sms/endpoint/send-message (button sms_send):
 * the configuration named by `code` (its code or template id) or else the
 * tenant's enabled one, then its category's provider.
 */
import type { ActionContext } from '../../engine/actions.js';
import { badRequest } from '../../http/apiError.js';
import { usualEntryOf } from '../../logging/usualLog.js';
import type { SmsConfiguration } from './smsProvider.js';
import { providerFor } from './smsProviders.js';
import { parseSmsRequest } from './smsRequest.js';

const COLUMNS = 'id::text AS id, sms_code AS "smsCode", category, template_id AS "templateId", sign_name AS "signName"';

async function configurationFor(ctx: ActionContext, code: string | undefined): Promise<SmsConfiguration> {
  const tenantId = ctx.caller.tenantId;
  if (code) {
    const named = await ctx.tx.query<SmsConfiguration>(
      `SELECT ${COLUMNS} FROM blade_sms WHERE tenant_id = $1 AND is_deleted = 0 AND (sms_code = $2 OR template_id = $2) ORDER BY (sms_code = $2) DESC, is_enabled DESC LIMIT 1`,
      [tenantId, code],
    );
    if (!named.rows[0]) throw badRequest(`没有编号或模板为「${code}」的短信配置`, `No SMS configuration has the code or template "${code}"`);
    return named.rows[0];
  }
  const enabled = await ctx.tx.query<SmsConfiguration>(`SELECT ${COLUMNS} FROM blade_sms WHERE tenant_id = $1 AND is_deleted = 0 AND is_enabled = 1 LIMIT 1`, [
    tenantId,
  ]);
  if (!enabled.rows[0])
    throw badRequest('没有启用的短信配置：请先启用一条配置，或指定资源编号', 'No SMS configuration is enabled: enable one, or name one by its code');
  return enabled.rows[0];
}

export async function sendMessage(ctx: ActionContext): Promise<{ sent: number; smsCode: string }> {
  const request = parseSmsRequest(ctx.query, ctx.body);
  const configuration = await configurationFor(ctx, request.code);
  const provider = await providerFor(ctx.tx, ctx.caller.tenantId, configuration.category);
  await provider.send(ctx.tx, { configuration, phones: request.phones, params: request.params, origin: usualEntryOf(ctx.request, 'sms_send', '') });
  return { sent: request.phones.length, smsCode: configuration.smsCode };
}
