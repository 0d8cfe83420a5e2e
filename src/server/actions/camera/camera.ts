/**
 * Camera actions (the engine's save and update check the reservoir and the
 * account references): tree groups the cameras under the reservoirs the caller
 * may see; viewLife, the PTZ calls, snapshot and ptzState go to the camera's
 * platform adapter (src/server/camera/: direct URL, the built-in demo, or a
 * clear refusal for the cloud platforms not connected yet).
 */
import { isIdString } from '../../db/ids.js';
import { rowScopeOf } from '../../auth/dataScopes.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { entityModel } from '../../engine/entityRegistry.js';
import { localApi } from '../../engine/localApi.js';
import { findRow } from '../../engine/operations/readOperations.js';
import { badRequest, notFound } from '../../http/apiError.js';
import type { CameraPlatform, ControlAnswer, LiveAddress, PlatformCamera, PtzPosition, PtzRecord } from '../../camera/cameraPlatform.js';
import { platformFor } from '../../camera/platforms.js';
import { ptzCommandOf, type PtzCall } from '../../camera/ptzCommands.js';
import { reservoirsIn } from '../reservoir/reservoirRegions.js';
import type { LiveProtocol } from './liveAddress.js';

const PROTOCOLS: readonly LiveProtocol[] = ['hls', 'flv', 'mp4', 'webrtc'];

type Row = Record<string, unknown>;

function inputOf(ctx: ActionContext): Row {
  const body = ctx.body && typeof ctx.body === 'object' && !Array.isArray(ctx.body) ? (ctx.body as Row) : {};
  return { ...ctx.query, ...body };
}

function cameraId(ctx: ActionContext): string {
  const raw = inputOf(ctx).id;
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

/** The camera the caller may see, with the adapter of its platform. */
async function platformCameraOf(ctx: ActionContext): Promise<{ camera: PlatformCamera; adapter: CameraPlatform }> {
  const row = await cameraOf(ctx);
  const camera: PlatformCamera = {
    id: String(row.id),
    tenantId: ctx.caller.tenantId,
    name: String(row.name),
    ptz: Number(row.ptz) === 1,
    liveUrl: typeof row.liveUrl === 'string' && row.liveUrl !== '' ? row.liveUrl : null,
    deviceSerial: typeof row.deviceSerial === 'string' ? row.deviceSerial : null,
    channelNo: Number(row.channelNo ?? 1),
  };
  return { camera, adapter: platformFor(await platformOf(ctx, row.accountId)) };
}

/** GET viewLife?id&protocol?: the adapter's live address, in the protocol asked for (its default when none). */
async function viewLife(ctx: ActionContext): Promise<LiveAddress> {
  const raw = inputOf(ctx).protocol;
  if (raw !== undefined && raw !== '' && !PROTOCOLS.includes(raw as LiveProtocol)) {
    throw badRequest('protocol 应为 hls、flv、mp4 或 webrtc', 'protocol must be hls, flv, mp4 or webrtc');
  }
  const { camera, adapter } = await platformCameraOf(ctx);
  const protocol = raw === undefined || raw === '' ? adapter.protocols[0] : (raw as LiveProtocol);
  if (raw && !adapter.protocols.includes(protocol)) {
    throw badRequest(`该摄像头的视频平台不提供 ${protocol.toUpperCase()} 直播地址`, `This camera's platform offers no ${protocol.toUpperCase()} address`);
  }
  return adapter.liveAddress(camera, protocol);
}

/** The PTZ calls: the camera must have a PTZ head and the command be one of the call's, then the adapter moves it. */
function control(call: PtzCall) {
  return async (ctx: ActionContext): Promise<ControlAnswer> => {
    const { camera, adapter } = await platformCameraOf(ctx);
    if (!camera.ptz) throw badRequest('该摄像头不支持云台控制', 'This camera does not support pan-tilt-zoom control');
    return adapter.control(camera, ptzCommandOf(call, inputOf(ctx)), ctx.caller.userId);
  };
}

/** GET snapshot?id: the adapter's picture of the camera now, as a data URL the page shows and offers for download. */
async function snapshot(ctx: ActionContext): Promise<{ image: string; contentType: string; takenAt: string; fileName: string }> {
  const { camera, adapter } = await platformCameraOf(ctx);
  const shot = await adapter.snapshot(camera);
  // takenAt is local wall-clock time (yyyy-MM-dd HH:mm:ss): the name reads yyyyMMdd-HHmmss of that clock.
  const stamp = shot.takenAt.replace(/[-:]/g, '').replace(/[ T]/, '-').slice(0, 15);
  return {
    image: `data:${shot.contentType};base64,${shot.content.toString('base64')}`,
    contentType: shot.contentType,
    takenAt: shot.takenAt,
    fileName: `${camera.name}-${stamp}.jpg`,
  };
}

/** GET ptzState?id: whether the camera can be steered, and where its head is with the latest commands when the platform tells. */
async function ptzState(ctx: ActionContext): Promise<{ ptz: boolean; platform: string; position: PtzPosition | null; recent: PtzRecord[] }> {
  const { camera, adapter } = await platformCameraOf(ctx);
  const state = camera.ptz ? await adapter.ptzState(camera) : null;
  return { ptz: camera.ptz, platform: adapter.name, position: state?.position ?? null, recent: state?.recent ?? [] };
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
  deviceControl: control('deviceControl'),
  zoomControl: control('zoomControl'),
  focalControl: control('focalControl'),
  snapshot,
  ptzState,
});
