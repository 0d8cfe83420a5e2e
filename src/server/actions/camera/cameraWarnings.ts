/**
 * Camera AI alarms (camera/cameraWarning): the reservoir of an alarm is its
 * camera's, set by the server on create; ignore marks unhandled alarms as
 * false alarms without an event. Turning an alarm into an event is the event
 * register's aiPhotoAssign (it sets eventId and handleStatus 1).
 */
import type { DbClient } from '../../db/pool.js';
import { isIdString } from '../../db/ids.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { defineHooks } from '../../engine/hooks.js';
import { localApi } from '../../engine/localApi.js';
import { ApiError, badRequest } from '../../http/apiError.js';

/** handleStatus values (dictionary camera_warning_status). */
export const WARNING_UNHANDLED = 0;
export const WARNING_TURNED_INTO_EVENT = 1;
export const WARNING_IGNORED = 2;

const MAX_IGNORE_IDS = 100;
const MAX_OPINION_LENGTH = 500;

type Row = Record<string, unknown>;

defineHooks('camera/cameraWarning', {
  // The engine has checked the camera reference (in the caller's tenant) before this runs.
  beforeChange: async ({ ctx, tx, operation, data }) => {
    if (operation !== 'create' || !isIdString(data.cameraId)) return;
    const camera = await localApi(ctx, tx).tenantWide().findById('camera/camera', data.cameraId);
    if (camera) data.reservoirId = camera.reservoirId;
  },
  // An alarm turned into an event (aiPhotoAssign sets eventId): its AI photos become the event's evidence too.
  afterChange: async ({ ctx, tx, operation, row, existing }) => {
    if (operation !== 'update' || !isIdString(row.eventId) || row.eventId === existing?.eventId) return;
    const api = localApi(ctx, tx).tenantWide();
    for (const photo of await api.find('camera/aiPhoto', { where: { warningId: String(row.id) } })) {
      await api.update('camera/aiPhoto', photo.id, { eventId: row.eventId });
    }
  },
});

function bodyOf(ctx: ActionContext): Row {
  return ctx.body && typeof ctx.body === 'object' && !Array.isArray(ctx.body) ? (ctx.body as Row) : {};
}

/** The alarm ids of an ignore: `ids` (a list or comma-separated) or one `id`. */
export function warningIdsOf(body: Row): string[] {
  const raw = body.ids ?? body.id;
  const list = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' || typeof raw === 'number' ? String(raw).split(',') : [];
  const ids = [...new Set(list.map((id) => id.trim()).filter(Boolean))];
  if (ids.length === 0) throw badRequest('请选择要标记为误报的告警', 'Choose the alarms to mark as false alarms');
  if (ids.length > MAX_IGNORE_IDS) throw badRequest(`一次最多处理 ${MAX_IGNORE_IDS} 条告警`, `At most ${MAX_IGNORE_IDS} alarms at once`);
  if (!ids.every((id) => isIdString(id))) throw badRequest('告警编号格式不正确', 'An alarm id is malformed');
  return ids;
}

function opinionOf(body: Row): string | null {
  const opinion = typeof body.opinion === 'string' ? body.opinion.trim() : '';
  if (opinion.length > MAX_OPINION_LENGTH)
    throw badRequest(`处理意见不能超过 ${MAX_OPINION_LENGTH} 个字`, `The note may hold at most ${MAX_OPINION_LENGTH} characters`);
  return opinion === '' ? null : opinion;
}

/** POST ignore {ids | id, opinion?}: all the alarms become 误报, or none does (each must be unhandled). */
async function ignore(ctx: ActionContext): Promise<{ ignored: number }> {
  const body = bodyOf(ctx);
  const ids = warningIdsOf(body);
  const handleOpinion = opinionOf(body);
  const api = localApi(ctx, ctx.tx as DbClient);
  const rows = await api.find('camera/cameraWarning', { where: { id: ids }, forUpdate: true });
  if (rows.length !== ids.length) throw new ApiError(404, { zh: '告警不存在或已被删除', en: 'The alarm does not exist or was deleted' });
  const handled = rows.filter((row) => Number(row.handleStatus) !== WARNING_UNHANDLED);
  if (handled.length > 0) {
    throw badRequest(
      `只有未处理的告警可以标记为误报（${handled.length} 条已处理）`,
      `Only unhandled alarms can be marked as false alarms (${handled.length} already handled)`,
      { ids: handled.map((row) => row.id) },
    );
  }
  for (const row of rows) await api.update('camera/cameraWarning', row.id, { handleStatus: WARNING_IGNORED, handleOpinion: handleOpinion ?? undefined });
  return { ignored: rows.length };
}

defineActions('camera/cameraWarning', { ignore });
