/**
 * POST /api/blade-resource/sms/endpoint/send-message (button sms_send):
 * the configuration named by `code` (its code or template id) or else the
 * tenant's enabled one, then its category's provider. Throttled before
 * anything is sent: one message per phone number per SMS_NUMBER_INTERVAL_SECONDS
 * and SMS_TENANT_PER_HOUR messages per tenant, counted on every instance.
 */
import type { ActionContext } from '../../engine/actions.js';
import { ApiError, badRequest } from '../../http/apiError.js';
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

/** Counts the messages against the tenant's hourly budget and each number's interval; 429 when one is used up. */
async function assertWithinSmsLimits(ctx: ActionContext, phones: string[]): Promise<void> {
  const { smsNumberIntervalSeconds, smsTenantPerHour } = ctx.request.server.rateLimiter.config;
  const tenantId = ctx.caller.tenantId;
  const verdict = await ctx.request.server.rateLimiter.consume([
    { key: `sms-tenant:${tenantId}`, windowSeconds: 3600, cost: phones.length, max: smsTenantPerHour },
    ...phones.map((phone) => ({ key: `sms-number:${tenantId}:${phone}`, windowSeconds: smsNumberIntervalSeconds, max: 1 })),
  ]);
  if (verdict.isAllowed) return;
  ctx.reply.header('retry-after', String(verdict.retryAfter));
  throw new ApiError(429, {
    zh: `短信发送过于频繁：同一号码 ${smsNumberIntervalSeconds} 秒内只能发送一条，每个租户每小时最多 ${smsTenantPerHour} 条，请 ${verdict.retryAfter} 秒后再试`,
    en: `Too many text messages: one per number every ${smsNumberIntervalSeconds} seconds and ${smsTenantPerHour} per tenant an hour; try again in ${verdict.retryAfter} seconds`,
  });
}

export async function sendMessage(ctx: ActionContext): Promise<{ sent: number; smsCode: string }> {
  const request = parseSmsRequest(ctx.query, ctx.body);
  const configuration = await configurationFor(ctx, request.code);
  const provider = await providerFor(ctx.tx, ctx.caller.tenantId, configuration.category);
  await assertWithinSmsLimits(ctx, request.phones);
  await provider.send(ctx.tx, { configuration, phones: request.phones, params: request.params, origin: usualEntryOf(ctx.request, 'sms_send', '') });
  return { sent: request.phones.length, smsCode: configuration.smsCode };
}
