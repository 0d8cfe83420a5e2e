/**
 * Business messages delivered on the registers' declared transitions, in the
 * transaction of the move: a published inspection plan tells its inspectors,
 * an audited inspection, maintenance or cleaning record (single or batch)
 * tells its inspector the result.
 */
import { afterTransition } from '../../engine/hooks.js';
import { deliverPlansPublished, deliverRecordsAudited, type RecordKind } from '../../notice/deliver.js';

const idsOf = (moved: Record<string, unknown>[]) => moved.map((row) => String(row.id));

afterTransition('inspect/plan', 'publish', ({ tx, ctx, moved }) => deliverPlansPublished(tx, ctx.caller.tenantId, ctx.caller.userId, idsOf(moved)));

for (const kind of ['inspect', 'maintain', 'clean'] satisfies RecordKind[]) {
  afterTransition(`${kind}/record`, 'audit', ({ tx, ctx, moved }) => deliverRecordsAudited(tx, kind, ctx.caller.tenantId, ctx.caller.userId, idsOf(moved)));
}
