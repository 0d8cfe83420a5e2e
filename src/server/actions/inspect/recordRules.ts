/**
 * The rules of an inspection record's save and update: the plan must be a
 * published plan of the tenant and the reservoir one of its reservoirs; the
 * item results arrive in the body beside the record and are checked here,
 * the trail by track/trail.ts (the record schema keeps only the record's own columns).
 */
import type { DbClient } from '../../db/pool.js';
import type { ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { FieldErrors, type Row } from './setupRules.js';

const PUBLISHED = 2;
const ID = /^[1-9][0-9]{0,18}$/;

export interface ItemResult {
  itemId: string | null;
  itemName: string;
  damPart: string | null;
  result: 1 | 2;
  description: string | null;
  photos: string[];
  /** The kind of hazard (event_type) the inspector saw, given to the event the item raises. */
  eventType: number | null;
  /** Where the item was checked (its photos taken): both or neither; the trail map shows the photos there. */
  lng?: number | null;
  lat?: number | null;
}

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;
const optionalText = (value: unknown, max: number): boolean => value === undefined || value === null || (typeof value === 'string' && value.length <= max);

function itemResultOf(raw: unknown): ItemResult | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const item = raw as Row;
  const photos = item.photos ?? [];
  const photosValid = Array.isArray(photos) && photos.length <= 9 && photos.every((p) => isText(p, 500));
  const idValid = item.itemId === undefined || item.itemId === null || (typeof item.itemId === 'string' && ID.test(item.itemId));
  if (!isText(item.itemName, 128) || (item.result !== 1 && item.result !== 2) || !photosValid || !idValid) return undefined;
  if (!optionalText(item.damPart, 32) || !optionalText(item.description, 500)) return undefined;
  const eventType = item.eventType ?? null;
  if (eventType !== null && !(Number.isInteger(eventType) && (eventType as number) >= 1 && (eventType as number) <= 99)) return undefined;
  const position = positionOf(item.lng, item.lat);
  if (!position) return undefined;
  return {
    itemId: (item.itemId as string | undefined) ?? null,
    itemName: item.itemName,
    damPart: (item.damPart as string | undefined) ?? null,
    result: item.result,
    description: (item.description as string | undefined) ?? null,
    photos: photos as string[],
    eventType: eventType as number | null,
    ...position,
  };
}

/** An item's optional position: both coordinates in range, or neither (undefined: not valid). */
function positionOf(lng: unknown, lat: unknown): { lng: number | null; lat: number | null } | undefined {
  if ((lng === undefined || lng === null) && (lat === undefined || lat === null)) return { lng: null, lat: null };
  if (typeof lng !== 'number' || typeof lat !== 'number' || !(Math.abs(lng) <= 180) || !(Math.abs(lat) <= 90)) return undefined;
  return { lng, lat };
}

/** itemResults of the body: undefined when left out (an update keeps the stored ones). */
export function itemResultsOf(body: Row, errors: FieldErrors): ItemResult[] | undefined {
  if (body.itemResults === undefined || body.itemResults === null) return undefined;
  const raw = body.itemResults;
  const parsed = Array.isArray(raw) && raw.length <= 300 ? raw.map(itemResultOf) : [undefined];
  if (parsed.some((item) => item === undefined)) {
    errors.add(
      'itemResults',
      '巡查项结果不正确：每项需要名称和结果（1 正常、2 异常），描述不超过500字，照片不超过9张，隐患类型为隐患类型字典的编号，位置需同时给出经度和纬度',
      'An item result is not valid: each needs a name and a result (1 normal, 2 abnormal), a description of at most 500 characters, at most 9 photos, a hazard type from the hazard type dictionary, and a position with both lng and lat',
    );
    return [];
  }
  return parsed as ItemResult[];
}

/** The plan must be published and name the record's reservoir; the end cannot come before the start. */
export async function checkRecord(ctx: ActionContext, record: Row, errors: FieldErrors): Promise<void> {
  if (typeof record.endTime === 'string' && typeof record.startTime === 'string' && record.endTime < record.startTime) {
    errors.add('endTime', '结束时间不能早于开始时间', 'The end time cannot be before the start time');
  }
  const plan = await localApi(ctx, ctx.tx as DbClient)
    .tenantWide()
    .findById('inspect/plan', String(record.planId));
  if (!plan) return errors.add('planId', '所选巡查计划不存在或已被删除', 'The chosen plan does not exist or was deleted');
  if (plan.planStatus !== PUBLISHED) return errors.add('planId', '只能按已发布的巡查计划记录巡查', 'Inspections are recorded only under a published plan');
  if (!(plan.reservoirIds ?? []).map(String).includes(String(record.reservoirId))) {
    errors.add('reservoirId', '该水库不在所选巡查计划内', "The reservoir is not one of the plan's reservoirs");
  }
}
