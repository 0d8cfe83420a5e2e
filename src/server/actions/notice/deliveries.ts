/**
 * Business messages delivered on the registers' declared transitions, in the
 * transaction of the move: a published inspection plan tells its inspectors,
 * an audited inspection, maintenance or cleaning record (single or batch)
 * tells its inspector the result.
 */
import { afterTransition } from '../../engine/operations/transitionOperation.js';
import { deliverPlansPublished, deliverRecordsAudited, type RecordKind } from '../../notice/deliver.js';

const idsOf = (moved: Record<string, unknown>[]) => moved.map((row) => String(row.id));

afterTransition('inspect/plan', 'publish', (db, ctx, moved) => deliverPlansPublished(db, ctx.caller.tenantId, ctx.caller.userId, idsOf(moved)));

for (const kind of ['inspect', 'maintain', 'clean'] satisfies RecordKind[]) {
  afterTransition(`${kind}/record`, 'audit', (db, ctx, moved) => deliverRecordsAudited(db, kind, ctx.caller.tenantId, ctx.caller.userId, idsOf(moved)));
}
