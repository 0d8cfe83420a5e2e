/**
 * Camera actions (the engine's save and update check the reservoir and the
 * account references): tree groups the cameras under the reservoirs the caller may see;
 * viewLife answers a camera's live address; the PTZ calls refuse clearly,
 * since no video platform is connected (vendor integration is future work).
 */
import { isIdString } from '../../db/ids.js';
import { rowScopeOf } from '../../auth/dataScopes.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { entityModel } from '../../engine/entityRegistry.js';
import { localApi } from '../../engine/localApi.js';
import { findRow } from '../../engine/operations/readOperations.js';
import { badRequest, notFound } from '../../http/apiError.js';
import { reservoirsIn } from '../reservoir/reservoirRegions.js';
import { liveProtocolOf, type LiveProtocol } from './liveAddress.js';

/** The account platform whose cameras carry their own address (dictionary camera_platform). */
export const DIRECT_PLATFORM = 9;

type Row = Record<string, unknown>;

function cameraId(ctx: ActionContext): string {
  const raw = (ctx.body && typeof ctx.body === 'object' && !Array.isArray(ctx.body) ? (ctx.body as Row).id : undefined) ?? ctx.query.id;
  const id = typeof raw === 'number' ? String(raw) : raw;
  if (!isIdString(id)) throw badRequest('请选择摄像头', 'Please choose a camera');
  return id;
}

async function cameraOf(ctx: ActionContext): Promise<Row> {
  const camera = await findRow(ctx, ctx.model, cameraId(ctx));
  if (!camera) throw notFound('摄像头不存在或已被删除', 'The camera does not exist or has been deleted');
  return camera;
}

async function platformOf(ctx: ActionContext, accountId: unknown): Promise<number | undefined> {
  if (!isIdString(accountId) || accountId === '0') return undefined;
  return (await localApi(ctx).tenantWide().findById('camera/cameraAccount', accountId))?.platform;
}

export interface LiveAddress {
  url: string | null;
  protocol: LiveProtocol | null;
  expireTime: string | null;
}

async function viewLife(ctx: ActionContext): Promise<LiveAddress> {
  const camera = await cameraOf(ctx);
  const platform = await platformOf(ctx, camera.accountId);
  if (platform !== undefined && platform !== DIRECT_PLATFORM) {
    throw badRequest(
      '暂不支持从该平台获取直播地址，请在摄像头上填写直播地址',
      "Live addresses cannot be fetched from this platform yet; please fill in the camera's live URL",
    );
  }
  const url = typeof camera.liveUrl === 'string' && camera.liveUrl !== '' ? camera.liveUrl : null;
  return { url, protocol: url ? liveProtocolOf(url) : null, expireTime: null };
}

/** deviceControl, zoomControl and focalControl: nothing can move a camera until a platform is connected. */
async function control(ctx: ActionContext): Promise<never> {
  const camera = await cameraOf(ctx);
  if (Number(camera.ptz) !== 1) throw badRequest('该摄像头不支持云台控制', 'This camera does not support pan-tilt-zoom control');
  throw badRequest('视频平台未接入，暂不支持云台控制', 'The video platform is not connected; pan-tilt-zoom control is not available yet');
}

interface CameraNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  type: 'reservoir' | 'camera';
  selectable: boolean;
  children?: CameraNode[];
  position?: number | null;
  onlineStatus?: number | null;
  ptz?: number | null;
}

/** The reservoirs the caller may see (their data scope) that have cameras, each with its cameras by sort. */
async function tree(ctx: ActionContext): Promise<CameraNode[]> {
  const reservoirs = await reservoirsIn(ctx.db, await rowScopeOf(ctx.db, ctx.caller, entityModel('reservoir/reservoir')));
  if (reservoirs.length === 0) return [];
  const cameras = await localApi(ctx)
    .tenantWide()
    .find('camera/camera', {
      where: { reservoirId: reservoirs.map((r) => r.id) },
      sort: ['sort asc', 'name asc', 'id asc'],
    });
  const byReservoir = new Map<string, CameraNode[]>();
  for (const c of cameras) {
    const node: CameraNode = {
      id: c.id,
      parentId: c.reservoirId,
      title: c.name,
      key: c.id,
      value: c.id,
      type: 'camera',
      selectable: true,
      position: c.position ?? null,
      onlineStatus: c.onlineStatus ?? null,
      ptz: c.ptz ?? null,
    };
    byReservoir.set(c.reservoirId, [...(byReservoir.get(c.reservoirId) ?? []), node]);
  }
  return reservoirs
    .filter((r) => byReservoir.has(r.id))
    .map((r) => ({ id: r.id, parentId: '0', title: r.name, key: r.id, value: r.id, type: 'reservoir', selectable: false, children: byReservoir.get(r.id) }));
}

defineActions('camera/camera', {
  viewLife,
  tree,
  deviceControl: control,
  zoomControl: control,
  focalControl: control,
});
