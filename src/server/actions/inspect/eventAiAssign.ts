/**
 * aiPhotoAssign: a camera AI alarm becomes an event assigned to a handler, in
 * one transaction — the alarm row is locked first, so of two users turning
 * the same alarm into an event one wins and the other is refused with
 * nothing written. The event is created through the local API (source 2 AI
 * alarm, the camera's reservoir, the alarm's photo, cameraWarningId) and
 * moved by the schema's assign transition, whose hooks write the log row
 * (as aiPhotoAssign) and tell the handler; the alarm is then marked 已转事件.
 */
import type { DbClient } from '../../db/pool.js';
import type { ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { requireId } from '../../engine/operations/readOperations.js';
import { ApiError, notFound } from '../../http/apiError.js';
import { bodyOf } from './itemGroupActions.js';
import type { Row } from './setupRules.js';

const UNHANDLED = 0;
const TURNED_INTO_EVENT = 1;
const AI_SOURCE = 2;

function alreadyHandled(warning: Row): ApiError {
  return warning.eventId
    ? new ApiError(409, { zh: '该告警已转为事件，不能重复交办', en: 'This alarm has already been turned into an event' })
    : new ApiError(409, { zh: '该告警已标记为误报或已忽略，不能交办', en: 'This alarm was marked a false alarm or ignored and cannot be assigned' });
}

/** The alarm, locked until the transaction ends, if the caller may see it. */
async function lockWarning(ctx: ActionContext, tx: DbClient, warningId: string): Promise<Row> {
  const [warning] = await localApi(ctx, tx).find('camera/cameraWarning', { where: { id: warningId } as never, forUpdate: true, limit: 1, withTitles: true });
  if (!warning) throw notFound('告警不存在或已被删除', 'The alarm does not exist or was deleted');
  return { ...warning };
}

function titleOf(body: Row, warning: Row): string {
  if (typeof body.title === 'string' && body.title.trim() !== '') return body.title.trim();
  const camera = warning.cameraName ?? warning.cameraIdName ?? '';
  return `AI告警${camera ? `：${String(camera)}` : ''}`.slice(0, 100);
}

/** The assign step's input: the handler and whichever of deadline and opinion were sent. */
function assignInput(body: Row): Row {
  return Object.fromEntries(['handlerId', 'deadline', 'opinion'].filter((name) => body[name] !== undefined).map((name) => [name, body[name]]));
}

export async function aiPhotoAssign(ctx: ActionContext): Promise<Row> {
  const body = bodyOf(ctx);
  const tx = ctx.tx as DbClient;
  const warning = await lockWarning(ctx, tx, requireId(body.warningId, 'warningId'));
  if (warning.eventId || Number(warning.handleStatus ?? UNHANDLED) !== UNHANDLED) throw alreadyHandled(warning);
  const api = localApi(ctx, tx);
  const event = await api.create('inspect/event', {
    title: titleOf(body, warning),
    reservoirId: warning.reservoirId as string,
    eventType: body.eventType as number,
    level: (body.level ?? 1) as 1,
    source: AI_SOURCE,
    description: (warning.description as string | undefined) ?? undefined,
    photos: warning.photoUrl ? [String(warning.photoUrl)] : [],
    cameraWarningId: String(warning.id),
  });
  const eventId = String(event.id);
  // Logged as aiPhotoAssign: the first hand-over of an AI event (eventRules.ts logActionOf).
  await api.transition('inspect/event', 'assign', [eventId], assignInput(body), { button: false });
  await api.tenantWide().update('camera/cameraWarning', String(warning.id), { eventId, handleStatus: TURNED_INTO_EVENT } as never);
  return { ...(await api.findById('inspect/event', eventId)) };
}
