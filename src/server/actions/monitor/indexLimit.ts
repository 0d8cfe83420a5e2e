/**
 * Rules of the index limits (monitor/indexLimit, contract §C):
 * - reservoirId is the station's, set by the server on every save and update;
 * - the element must be one of the station's family (monitorType): a rain
 *   station has rainfall limits, a level station level limits;
 * - the total kinds (3 / 4 / 5: 1 h, 3 h, 24 h) are for rainfall only.
 * The engine has checked the station reference (same tenant, not removed)
 * and the dictionaries before these run.
 *
 * A limit that is changed is evaluated again at once against the latest
 * readings (a lowered flood limit the level is already above raises its
 * warning now, not at the next reading). A limit that is disabled or removed
 * clears its active warning (endTime now): nothing would ever clear it.
 * Removing a station removes its limits (and so clears their warnings): a
 * removed station reports nothing that could clear them.
 */
import { elementByKey, familyInfo } from '../../../shared/monitorElements.js';
import type { DbClient } from '../../db/pool.js';
import { defineHooks } from '../../engine/hooks.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';
import { badRequest } from '../../http/apiError.js';
import { announce, evaluateWarnings } from '../../monitor/warnings.js';
import { elementFitsStation, limitKindFitsElement, WARNING_STATE } from '../../monitor/warningsRules.js';

type Row = Record<string, unknown>;

/** Clears the active warnings of the limits (they no longer apply), as of now. */
async function clearWarningsOf(ctx: LocalContext, tx: DbClient, limitIds: string[]): Promise<void> {
  if (limitIds.length === 0) return;
  const api = localApi(ctx, tx).tenantWide();
  const active = await api.find('monitor/warningLog', { where: { indexLimitId: limitIds, warningState: WARNING_STATE.active }, forUpdate: true });
  if (active.length === 0) return;
  const now = (await tx.query<{ now: string }>(`SELECT to_char(LOCALTIMESTAMP(0), 'YYYY-MM-DD HH24:MI:SS') AS now`)).rows[0].now;
  for (const warning of active) {
    await api.update('monitor/warningLog', String(warning.id), { endTime: now, warningState: WARNING_STATE.cleared });
    await announce(tx, { tenantId: ctx.caller.tenantId, id: String(warning.id), kind: 'cleared' });
  }
}

defineHooks('monitor/indexLimit', {
  beforeChange: async ({ ctx, tx, data, merged }) => {
    const station = await localApi(ctx, tx).tenantWide().findById('info/station', String(merged.stationId));
    if (!station) throw badRequest('所选测站不存在或已被删除', 'The chosen station does not exist or was deleted');
    data.reservoirId = station.reservoirId;
    const element = Number(merged.element);
    const known = elementByKey(element);
    if (!known) throw badRequest('监测要素不正确', 'The element is not valid');
    if (!elementFitsStation(element, station.monitorType)) {
      const family = familyInfo(known.family);
      throw badRequest(
        `测站「${station.stationName}」的监测类型与所选监测要素不符`,
        `The station "${station.stationName}" does not measure this element (its monitor type must be ${family.monitorType})`,
      );
    }
    if (!limitKindFitsElement(Number(merged.limitKind), element)) {
      throw badRequest('1小时、3小时、24小时累计阈值只适用于降水量', 'The 1 h, 3 h and 24 h totals apply to rainfall only');
    }
  },
  afterChange: async ({ ctx, tx, row, existing }) => {
    if (Number(row.enabled) !== 1) {
      await clearWarningsOf(ctx, tx, [String(row.id)]);
      return;
    }
    const pairs = [{ stationId: String(row.stationId), element: Number(row.element) }];
    if (existing && (existing.stationId !== row.stationId || existing.element !== row.element)) {
      // Moved to another station or element: its warning belonged to the old one.
      await clearWarningsOf(ctx, tx, [String(row.id)]);
    }
    await evaluateWarnings(ctx, tx, pairs);
  },
  beforeRemove: async ({ ctx, tx, rows }: { ctx: LocalContext; tx: DbClient; rows: Row[] }) => {
    await clearWarningsOf(
      ctx,
      tx,
      rows.map((row) => String(row.id)),
    );
  },
});

defineHooks('info/station', {
  beforeRemove: async ({ ctx, tx, rows }: { ctx: LocalContext; tx: DbClient; rows: Row[] }) => {
    const api = localApi(ctx, tx).tenantWide();
    const limits = await api.find('monitor/indexLimit', { where: { stationId: rows.map((row) => String(row.id)) } });
    await api.remove(
      'monitor/indexLimit',
      limits.map((limit) => String(limit.id)),
    );
  },
});
