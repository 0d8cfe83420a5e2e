/**
 * The reservoirs a one-picture call covers: those of the tenant the caller may see through the data scope of the
 * binding's menu (ctx.scope: one_picture, map or map_monitor), optionally narrowed by name, region or one id.
 */
import type { ActionContext } from '../../engine/actions.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { notFound } from '../../http/apiError.js';
import { normalizeRegionCode } from '../reservoir/regionCodes.js';
import type { MapReservoir } from '../../../shared/onePictureAnswers.js';

export interface ReservoirFilter {
  reservoirId?: string;
  name?: string;
  regionCode?: string;
}

const FIELDS: (keyof MapReservoir)[] = [
  'name',
  'code',
  'regionCode',
  'scale',
  'longitude',
  'latitude',
  'totalCapacity',
  'deadWaterLevel',
  'floodLimitWaterLevel',
  'normalWaterLevel',
  'designFloodLevel',
  'checkFloodLevel',
  'damCrestElevation',
  'damHeight',
  'manageUnit',
  'createTime',
];

/** A tenant's archive is a county's small reservoirs (tens to a few hundred); this bounds one answer. */
export const MAX_MAP_RESERVOIRS = 2000;

export async function mapReservoirs(ctx: ActionContext, filter: ReservoirFilter = {}): Promise<MapReservoir[]> {
  const q = scopedQuery(ctx);
  const r = await q.from('reservoir/reservoir', 'r', ctx.scope);
  const conditions = [r.scope];
  if (filter.reservoirId) conditions.push(`${r.col('id')} = ${q.param(filter.reservoirId)}`);
  if (filter.name) conditions.push(`${r.col('name')} ILIKE ${q.param(`%${filter.name.replace(/[\\%_]/g, '\\$&')}%`)}`);
  if (filter.regionCode) conditions.push(`${r.col('regionCode')} LIKE ${q.param(`${normalizeRegionCode(filter.regionCode)}%`)}`);
  const columns = FIELDS.map((field) => `${r.col(field)} AS "${field}"`).join(', ');
  const rows = await q.rows<MapReservoir>(
    `SELECT ${r.col('id')}::text AS id, ${columns} FROM ${r.table} WHERE ${conditions.join(' AND ')}
      ORDER BY ${r.col('regionCode')}, ${r.col('sort')}, ${r.col('code')} LIMIT ${MAX_MAP_RESERVOIRS}`,
  );
  return rows.map((row) => ({ ...row, createTime: row.createTime ? String(row.createTime) : null }));
}

/** One reservoir the caller may see, or 404. */
export async function visibleReservoir(ctx: ActionContext, reservoirId: string): Promise<MapReservoir> {
  const [found] = await mapReservoirs(ctx, { reservoirId });
  if (!found) throw notFound('水库不存在或不在您的数据范围内', 'The reservoir does not exist or is outside your data scope');
  return found;
}
