/**
 * Announcements (desk/notice): the engine's submit and remove, plus the inbox.
 * Creating an announcement delivers it to every enabled user of the tenant in
 * the same transaction; editing does not deliver again (the inbox reads the
 * announcement live); removing it removes its inbox messages.
 */
import type { DbClient } from '../../db/pool.js';
import { defineActions } from '../../engine/actions.js';
import { quoteIdent } from '../../engine/naming.js';
import { insertRow, parseIds, removeRows, updateRow } from '../../engine/operations/writeOperations.js';
import { deliverAnnouncement, removeAnnouncementMessages } from '../../notice/deliver.js';
import { bodyObject, hasId, isBlank } from '../system/actionParams.js';

defineActions('desk/notice', {
  submit: async (ctx) => {
    const body = bodyObject(ctx.body);
    const tx = ctx.tx as DbClient;
    if (hasId(body)) return updateRow(ctx, tx, ctx.model, body);
    const row = await insertRow(ctx, tx, ctx.model, body);
    const id = String(row.id);
    if (isBlank(row.releaseTime)) {
      const stamped = await tx.query(`UPDATE ${quoteIdent(ctx.model.table)} SET release_time = LOCALTIMESTAMP(0) WHERE tenant_id = $1 AND id = $2 RETURNING release_time AS "releaseTime"`, [ctx.caller.tenantId, id]);
      row.releaseTime = stamped.rows[0].releaseTime;
    }
    await deliverAnnouncement(tx, ctx.caller.tenantId, ctx.caller.userId, { id, title: String(row.title) });
    return row;
  },
  remove: async (ctx) => {
    const raw = ctx.query.ids ?? (ctx.body && typeof ctx.body === 'object' ? (ctx.body as Record<string, unknown>).ids : undefined);
    const ids = parseIds(Array.isArray(raw) ? raw.join(',') : raw);
    const removed = await removeRows(ctx, ctx.tx, ctx.model, ids);
    await removeAnnouncementMessages(ctx.tx, ctx.caller.tenantId, ctx.caller.userId, ids);
    return removed;
  },
});
