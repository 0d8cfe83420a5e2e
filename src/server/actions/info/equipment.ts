/**
 * Equipment writes: the station, reservoir and manufacturer must be the
 * tenant's, and an instrument on a station sits at that station's reservoir
 * (taken from the station when not given, refused when it contradicts it).
 */
import { isIdString } from '../../db/ids.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { badRequest } from '../../http/apiError.js';
import { checkedSave, checkedUpdate } from '../reservoir/checkedWrites.js';
import { FACTORY_REF, RESERVOIR_REF, STATION_REF } from '../reservoir/references.js';
import type { Row } from '../reservoir/requestBody.js';

const REFS = [STATION_REF, RESERVOIR_REF, FACTORY_REF];

async function stationReservoir(ctx: ActionContext, stationId: string): Promise<string | undefined> {
  const found = await ctx.tx.query<{ reservoir_id: string | null }>(
    `SELECT reservoir_id::text AS reservoir_id FROM info_station WHERE tenant_id = $1 AND id = $2 AND is_deleted = 0`,
    [ctx.caller.tenantId, stationId],
  );
  return found.rows[0]?.reservoir_id ?? undefined;
}

/** Fills or checks reservoirId against the station; mutates the body so the insert/update stores it. */
async function matchStation(ctx: ActionContext, record: Row): Promise<void> {
  const body = ctx.body as Row;
  if (!isIdString(record.stationId)) return;
  const reservoirId = await stationReservoir(ctx, record.stationId);
  if (!reservoirId) return;
  const given = body.reservoirId;
  if (given === undefined || given === null || given === '' || given === '0') body.reservoirId = reservoirId;
  else if (String(given) !== reservoirId) {
    throw badRequest('所选水库与测站所属水库不一致', "The reservoir is not the station's reservoir", {
      errors: [{ field: 'reservoirId', message: ctx.language === 'zh' ? '所选水库与测站所属水库不一致' : "The reservoir is not the station's reservoir" }],
    });
  }
}

defineActions('info/equipment', {
  save: checkedSave(REFS, matchStation),
  update: checkedUpdate(REFS, matchStation),
});
