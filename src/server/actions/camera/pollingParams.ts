/**
 * The video wall's 轮巡 (camera rotation) settings of a tenant: whether the
 * wall rotates, how often, how many pictures at once and through which
 * cameras in which order. Stored as the tenant's system parameter
 * camera.polling (JSON), so 参数管理 shows it; a value edited there into
 * something unreadable reads as the defaults rather than breaking the page.
 */
import type { DbClient } from '../../db/pool.js';
import { isIdString } from '../../db/ids.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { badRequest } from '../../http/apiError.js';

export const POLLING_PARAM_KEY = 'camera.polling';
export const POLLING_SPLITS = [1, 4, 9, 16] as const;
export const MIN_INTERVAL_SECONDS = 10;
export const MAX_INTERVAL_SECONDS = 600;
export const MAX_POLLING_CAMERAS = 100;

export interface PollingParams {
  enabled: boolean;
  intervalSeconds: number;
  split: (typeof POLLING_SPLITS)[number];
  cameraIds: string[];
}

export const DEFAULT_POLLING: PollingParams = { enabled: false, intervalSeconds: 30, split: 4, cameraIds: [] };

type Row = Record<string, unknown>;

/** A stored value as settings: each part that is not valid falls back to its default. */
export function pollingFromStored(raw: string | undefined): PollingParams {
  let stored: Row = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) stored = parsed as Row;
  } catch {
    stored = {};
  }
  const interval = Number(stored.intervalSeconds);
  return {
    enabled: stored.enabled === true,
    intervalSeconds:
      Number.isInteger(interval) && interval >= MIN_INTERVAL_SECONDS && interval <= MAX_INTERVAL_SECONDS ? interval : DEFAULT_POLLING.intervalSeconds,
    split: POLLING_SPLITS.find((s) => s === Number(stored.split)) ?? DEFAULT_POLLING.split,
    cameraIds: Array.isArray(stored.cameraIds) ? stored.cameraIds.filter((id): id is string => isIdString(id)) : [],
  };
}

function enabledOf(value: unknown): boolean {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false' || value === undefined) return false;
  throw badRequest('是否启用轮巡应为是或否', 'enabled must be true or false');
}

function intervalOf(value: unknown): number {
  const seconds = Number(value ?? DEFAULT_POLLING.intervalSeconds);
  if (!Number.isInteger(seconds) || seconds < MIN_INTERVAL_SECONDS || seconds > MAX_INTERVAL_SECONDS) {
    throw badRequest(
      `轮巡间隔应为 ${MIN_INTERVAL_SECONDS}–${MAX_INTERVAL_SECONDS} 秒之间的整数`,
      `The interval must be a whole number of seconds from ${MIN_INTERVAL_SECONDS} to ${MAX_INTERVAL_SECONDS}`,
    );
  }
  return seconds;
}

function splitOf(value: unknown): PollingParams['split'] {
  const split = POLLING_SPLITS.find((s) => s === Number(value ?? DEFAULT_POLLING.split));
  if (split === undefined) throw badRequest('分屏数只能是 1、4、9 或 16', 'The split must be 1, 4, 9 or 16 pictures');
  return split;
}

function cameraIdsOf(value: unknown): string[] {
  const list = value === undefined || value === null ? [] : value;
  if (!Array.isArray(list) || !list.every((id) => isIdString(typeof id === 'number' ? String(id) : id))) {
    throw badRequest('轮巡摄像头应为摄像头编号的列表', 'cameraIds must be a list of camera ids');
  }
  const ids = list.map(String);
  if (new Set(ids).size !== ids.length) throw badRequest('轮巡摄像头不能重复', 'A camera may appear only once in the rotation');
  if (ids.length > MAX_POLLING_CAMERAS) throw badRequest(`轮巡摄像头最多 ${MAX_POLLING_CAMERAS} 个`, `At most ${MAX_POLLING_CAMERAS} cameras may rotate`);
  return ids;
}

async function storedParam(ctx: ActionContext): Promise<{ id: string; paramValue?: string } | undefined> {
  const [found] = await localApi(ctx, ctx.tx as DbClient)
    .tenantWide()
    .find('system/param', { where: { paramKey: POLLING_PARAM_KEY }, sort: ['id desc'], limit: 1 });
  return found;
}

/** GET pollingParams: the tenant's settings, the defaults when never saved. */
async function pollingParams(ctx: ActionContext): Promise<PollingParams> {
  return pollingFromStored((await storedParam(ctx))?.paramValue);
}

/** POST pollingParams: validates everything (each camera must be one of the tenant's), then replaces the settings. */
async function savePollingParams(ctx: ActionContext): Promise<PollingParams> {
  const body = ctx.body && typeof ctx.body === 'object' && !Array.isArray(ctx.body) ? (ctx.body as Row) : {};
  const params: PollingParams = {
    enabled: enabledOf(body.enabled),
    intervalSeconds: intervalOf(body.intervalSeconds),
    split: splitOf(body.split),
    cameraIds: cameraIdsOf(body.cameraIds),
  };
  if (params.enabled && params.cameraIds.length === 0) throw badRequest('启用轮巡时请至少选择一个摄像头', 'Choose at least one camera to rotate through');
  const api = localApi(ctx, ctx.tx as DbClient).tenantWide();
  const found = params.cameraIds.length > 0 ? await api.find('camera/camera', { where: { id: params.cameraIds } }) : [];
  const missing = params.cameraIds.filter((id) => !found.some((camera) => camera.id === id));
  if (missing.length > 0)
    throw badRequest(`所选摄像头不存在或已被删除（${missing.length} 个）`, `${missing.length} of the chosen cameras do not exist or were deleted`, {
      ids: missing,
    });
  const paramValue = JSON.stringify(params);
  const stored = await storedParam(ctx);
  if (stored) await api.update('system/param', stored.id, { paramValue });
  else await api.create('system/param', { paramName: '视频轮巡设置', paramKey: POLLING_PARAM_KEY, paramValue, remark: 'Video wall rotation (轮巡设置)' });
  return params;
}

defineActions('camera/camera', { pollingParams, savePollingParams });
