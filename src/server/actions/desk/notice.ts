/**
 * Announcements (desk/notice): hooks of the engine's submit and remove.
 * Creating an announcement stamps its release time (when none is given) and
 * delivers it to every enabled user of the tenant in the same transaction;
 * editing does not deliver again (the inbox reads the announcement live);
 * removing it removes its inbox messages.
 */
import { defineHooks } from '../../engine/hooks.js';
import { deliverAnnouncement, removeAnnouncementMessages } from '../../notice/deliver.js';

defineHooks('desk/notice', {
  beforeChange: async ({ tx, operation, data }) => {
    if (operation !== 'create' || (data.releaseTime !== undefined && data.releaseTime !== null && data.releaseTime !== '')) return;
    // The database's clock, as create_time has it (no table read).
    const now = await tx.query<{ now: string }>(`SELECT to_char(LOCALTIMESTAMP(0), 'YYYY-MM-DD HH24:MI:SS') AS "now"`);
    data.releaseTime = now.rows[0].now;
  },
  afterChange: async ({ ctx, tx, operation, row }) => {
    if (operation !== 'create') return;
    await deliverAnnouncement(tx, ctx.caller.tenantId, ctx.caller.userId, { id: String(row.id), title: String(row.title) });
  },
  beforeRemove: async ({ ctx, tx, rows }) => {
    await removeAnnouncementMessages(
      tx,
      ctx.caller.tenantId,
      ctx.caller.userId,
      rows.map((row) => String(row.id)),
    );
  },
});
