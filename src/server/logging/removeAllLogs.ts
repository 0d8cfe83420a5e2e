/**
 * remove-all of a log register (button log_*_clear): deletes every row of
 * the caller's tenant (log rows are not soft-deleted: clearing is for
 * space), and notes in the general log, in the same transaction, who
 * cleared which log. The logs are the audit trail, so the bindings are
 * marked `platform` (schemas/log/*.json): only the platform administrator
 * may clear; a tenant's administrator is refused (403) before this runs,
 * and the button is never granted to a tenant's roles (seed/platformMenus.ts).
 */
import type { ActionContext } from '../engine/actions.js';
import { quoteIdent } from '../engine/naming.js';
import { insertLogRecords } from './logRecords.js';
import { usualEntryOf, usualRecord } from './usualLog.js';

export async function removeAllLogs(ctx: ActionContext): Promise<{ removed: number }> {
  const result = await ctx.tx.query(`DELETE FROM ${quoteIdent(ctx.model.table)} WHERE tenant_id = $1`, [ctx.caller.tenantId]);
  const removed = result.rowCount ?? 0;
  const entry = usualEntryOf(ctx.request, 'log_clear', `清空${ctx.model.title}：${removed} 条`);
  await insertLogRecords(ctx.tx, 'log/usual', [usualRecord(entry)]);
  return { removed };
}
