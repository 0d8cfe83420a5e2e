/**
 * Equipment writes: an instrument on a station sits at that station's
 * reservoir (taken from the station when not given, refused when it
 * contradicts it). The engine checks the station, reservoir and manufacturer
 * references.
 */
import { isIdString } from '../../db/ids.js';
import { defineHooks } from '../../engine/hooks.js';
import { localApi } from '../../engine/localApi.js';
import { badRequest } from '../../http/apiError.js';

defineHooks('info/equipment', {
  beforeChange: async ({ ctx, tx, data, input, merged }) => {
    if (!isIdString(merged.stationId)) return;
    const station = await localApi(ctx, tx).tenantWide().findById('info/station', merged.stationId);
    const reservoirId = station?.reservoirId;
    if (!reservoirId) return;
    const given = input.reservoirId;
    if (given === undefined || given === null || given === '' || given === '0') data.reservoirId = reservoirId;
    else if (String(given) !== reservoirId) {
      const zh = '所选水库与测站所属水库不一致';
      const en = "The reservoir is not the station's reservoir";
      throw badRequest(zh, en, { errors: [{ field: 'reservoirId', message: ctx.language === 'zh' ? zh : en }] });
    }
  },
});
