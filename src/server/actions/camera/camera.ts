/**
 * Camera actions: writes check that the reservoir and the account are the
 * tenant's; tree groups the cameras under the reservoirs the caller may see;
 * viewLife answers a camera's live address; the PTZ calls refuse clearly,
 * since no video platform is connected (vendor integration is future work).
 */
import { isIdString } from '../../db/ids.js';
import type { Queryable } from '../../db/pool.js';
import { rowScopeOf } from '../../auth/dataScopes.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { entityModel } from '../../engine/entityRegistry.js';
import { findRow } from '../../engine/operations/readOperations.js';
import { badRequest, notFound } from '../../http/apiError.js';
import { checkedWrites } from '../reservoir/checkedWrites.js';
import { RESERVOIR_REF, type Reference } from '../reservoir/references.js';
import { reservoirsIn } from '../reservoir/reservoirRegions.js';
import { liveProtocolOf, type LiveProtocol } from './liveAddress.js';

const ACCOUNT_REF: Reference = { field: 'accountId', table: 'sk_camera_account', zh: '所选摄像头账号不存在或已被删除', en: 'The chosen camera account does not exist or was deleted' };

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

async function platformOf(db: Queryable, tenantId: string, accountId: unknown): Promise<number | undefined> {
  if (!isIdString(accountId) || accountId === '0') return undefined;
  const found = await db.query<{ platform: number }>('SELECT platform FROM sk_camera_account WHERE tenant_id = $1 AND id = $2 AND is_deleted = 0', [tenantId, accountId]);
  return found.rows[0]?.platform;
}

export interface LiveAddress {
  url: string | null;
  protocol: LiveProtocol | null;
  expireTime: string | null;
}

async function viewLife(ctx: ActionContext): Promise<LiveAddress> {
  const camera = await cameraOf(ctx);
  const platform = await platformOf(ctx.db, ctx.caller.tenantId, camera.accountId);
  if (platform !== undefined && platform !== DIRECT_PLATFORM) {
    throw badRequest('暂不支持从该平台获取直播地址，请在摄像头上填写直播地址', 'Live addresses cannot be fetched from this platform yet; please fill in the camera\'s live URL');
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
  const cameras = await ctx.db.query<{ id: string; reservoirId: string; name: string; position: number | null; onlineStatus: number | null; ptz: number | null }>(
    `SELECT id::text AS "id", reservoir_id::text AS "reservoirId", name AS "name", position AS "position", online_status AS "onlineStatus", ptz AS "ptz"
       FROM sk_camera WHERE tenant_id = $1 AND is_deleted = 0 AND reservoir_id = ANY($2::bigint[])
      ORDER BY sort, name, id LIMIT 10000`,
    [ctx.caller.tenantId, reservoirs.map((r) => r.id)],
  );
  const byReservoir = new Map<string, CameraNode[]>();
  for (const c of cameras.rows) {
    const node: CameraNode = {
      id: c.id, parentId: c.reservoirId, title: c.name, key: c.id, value: c.id, type: 'camera', selectable: true, position: c.position, onlineStatus: c.onlineStatus, ptz: c.ptz,
    };
    byReservoir.set(c.reservoirId, [...(byReservoir.get(c.reservoirId) ?? []), node]);
  }
  return reservoirs
    .filter((r) => byReservoir.has(r.id))
    .map((r) => ({ id: r.id, parentId: '0', title: r.name, key: r.id, value: r.id, type: 'reservoir', selectable: false, children: byReservoir.get(r.id) }));
}

defineActions('camera/camera', {
  ...checkedWrites([RESERVOIR_REF, ACCOUNT_REF]),
  viewLife,
  tree,
  deviceControl: control,
  zoomControl: control,
  focalControl: control,
});
