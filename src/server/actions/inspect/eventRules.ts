/**
 * The event register's rules, as hooks inside the engine's operations (so the
 * HTTP endpoints, the local API and the demo seed all obey them). The state
 * machine, the buttons and the declared guards (required, actor, notActor,
 * when, set) are the schema's and the engine's; what is left is here:
 *
 * - report (create): the event number, the reporter, the sources a report may
 *   choose; edit (update): only the reporter or a manager.
 * - assign: the handler's department (deptProcess is open to it) and the
 *   acceptance time on the first hand-over; re-check and approval: sending
 *   back needs an opinion, passing finishes the event.
 * - every step: one event-log row and the notices, in the step's transaction;
 *   an AI correction also marks the camera alarm a false alarm.
 */
import { hasButton } from '../../auth/permissions.js';
import type { DbClient } from '../../db/pool.js';
import { beforeTransition, defineHooks } from '../../engine/hooks.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';
import { ApiError, badRequest, forbidden, type Language } from '../../http/apiError.js';
import { isEventAction, writeEventLog, type EventActionName } from './eventLog.js';
import { EVENT_BUTTONS, notifyEventStep } from './eventNotices.js';
import { nextEventNo } from './eventNumbers.js';
import type { Row } from './setupRules.js';

const EVENT = 'inspect/event';
/** event_source values a person may choose on a report; 2 (AI alarm) comes only with a camera warning (aiPhotoAssign). */
const REPORTABLE_SOURCES = [1, 4, 5, 6];
const AI_SOURCE = 2;
const DONE = 4;
const BACK_TO_HANDLER = 2;

async function now(tx: DbClient): Promise<string> {
  return (await tx.query<{ now: string }>('SELECT LOCALTIMESTAMP(0)::text AS now')).rows[0].now;
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** A 400 naming the field, its message in the caller's language. */
function fieldRefusal(language: Language, field: string, zh: string, en: string): ApiError {
  return badRequest(zh, en, { errors: [{ field, message: language === 'zh' ? zh : en }] });
}

function assertReportableSource(language: Language, data: Row): void {
  const source = Number(data.source ?? 1);
  if (REPORTABLE_SOURCES.includes(source)) return;
  if (source === AI_SOURCE && !isBlank(data.cameraWarningId)) return;
  throw fieldRefusal(
    language,
    'source',
    '上报事件的来源只能是巡查上报、上级交办、群众举报或河长巡河',
    'A reported event comes from an inspection, a superior, the public or a river chief patrol',
  );
}

/** The reporter corrects their report; a manager (who may sign for events) may correct anyone's. */
async function assertMayEdit(ctx: LocalContext, tx: DbClient, existing: Row): Promise<void> {
  if (String(existing.reporterId ?? existing.createUser) === ctx.caller.userId) return;
  if (await hasButton(tx, ctx.caller, EVENT_BUTTONS.accept)) return;
  throw forbidden('只有上报人或管理人员可以修改该事件', 'Only the reporter or a manager may change this event');
}

defineHooks(EVENT, {
  beforeChange: async ({ ctx, tx, operation, data, existing }) => {
    if (operation === 'create') {
      assertReportableSource(ctx.language, data);
      data.eventNo = await nextEventNo(ctx, tx);
      data.reporterId = ctx.caller.userId;
      data.scopeDeptIds = joinDepts([], ctx.caller.deptId);
      return;
    }
    await assertMayEdit(ctx, tx, existing!);
  },
  afterChange: async ({ ctx, tx, operation, row }) => {
    // An AI alarm's event is logged and announced by its assignment (aiPhotoAssign), in the same transaction.
    if (operation === 'create' && !isBlank(row.cameraWarningId)) return;
    const action: EventActionName = operation === 'create' ? 'report' : 'edit';
    await writeEventLog(ctx, tx, {
      eventId: String(row.id),
      action,
      fromStatus: operation === 'create' ? null : Number(row.status),
      toStatus: Number(row.status),
      photos: operation === 'create' ? ((row.photos as string[] | undefined) ?? []) : [],
    });
    if (operation === 'create') await notifyEventStep(ctx, tx, 'report', row);
  },
});

/** The assignee's department (for deptProcess) and, on the first hand-over, the acceptance time. */
beforeTransition(EVENT, 'assign', async ({ ctx, tx, rows, data }) => {
  const handler = await localApi(ctx, tx).tenantWide().findById('system/user', String(data.handlerId));
  const deptId = handler?.deptId ? String(handler.deptId).split(',')[0] : null;
  data.handlerDeptId = deptId && deptId !== '' ? deptId : null;
  if (rows.some((row) => isBlank(row.acceptTime))) data.acceptTime = await now(tx);
});

/** A comma list of department ids with one more (kept once, in order of arrival). */
function joinDepts(lists: unknown[], added: unknown): string {
  const ids = lists.flatMap((list) => (typeof list === 'string' ? list.split(',') : [])).filter(Boolean);
  if (typeof added === 'string' && added !== '') ids.push(added);
  return [...new Set(ids)].join(',');
}

/**
 * Whoever the event is handed to, their department sees it from then on (the data scope reads scopeDeptIds): a move
 * that sets a handling department adds it. A batch shares one value, so each row gets the departments of all of them.
 */
defineHooks(EVENT, {
  beforeTransition: ({ rows, data }) => {
    if (isBlank(data.handlerDeptId)) return;
    data.scopeDeptIds = joinDepts(
      rows.map((row) => row.scopeDeptIds),
      data.handlerDeptId,
    );
  },
});

/** A re-check or approval that sends the event back says why; one that passes it finishes it. */
async function review({ ctx, tx, target, data }: { ctx: LocalContext; tx: DbClient; target: string | number; data: Row }): Promise<void> {
  if (Number(target) === BACK_TO_HANDLER && isBlank(data.opinion)) {
    throw fieldRefusal(ctx.language, 'opinion', '退回重办时请填写意见', 'Please give an opinion when sending the event back');
  }
  if (Number(target) === DONE) data.finishTime = await now(tx);
}
beforeTransition(EVENT, 'audit', review);
beforeTransition(EVENT, 'chiefApprove', review);

/** Steps that give the event a handler name them in the log. */
const HANDING: EventActionName[] = ['accept', 'assign', 'aiPhotoAssign', 'discretion', 'chiefProcess'];
const PROCESSING: EventActionName[] = ['process', 'deptProcess', 'chiefProcess', 'discretion'];

/**
 * The log's name of a move. An AI event (source 2) exists only through aiPhotoAssign, which creates it and hands it
 * over at once: its first assign (no handler yet) is that AI-photo assign; a later one is a plain reassignment.
 */
function logActionOf(transition: string, previous: Row | undefined): EventActionName {
  if (transition === 'assign' && Number(previous?.source) === AI_SOURCE && isBlank(previous?.handlerId)) return 'aiPhotoAssign';
  if (!isEventAction(transition)) throw new Error(`inspect/event: transition "${transition}" has no event_action`);
  return transition;
}

defineHooks(EVENT, {
  afterTransition: async ({ ctx, tx, transition, target, moved, before, fields }) => {
    const api = localApi(ctx, tx).tenantWide();
    for (const { id } of moved) {
      const eventId = String(id);
      const previous = before.find((row) => String(row.id) === eventId);
      const event: Row = { ...(await api.findById(EVENT, eventId)) };
      const action = logActionOf(transition, previous);
      await writeEventLog(ctx, tx, {
        eventId,
        action,
        fromStatus: previous ? Number(previous.status) : null,
        toStatus: Number(target),
        targetUserId: HANDING.includes(action) ? (event.handlerId as string | undefined) : undefined,
        opinion: (fields.opinion as string | null | undefined) ?? null,
        result: (fields.result as string | null | undefined) ?? null,
        photos: PROCESSING.includes(action) ? ((fields.afterPhotos as string[] | null | undefined) ?? []) : [],
      });
      if (action === 'aiCorrect' && !isBlank(event.cameraWarningId)) {
        await api.update('camera/cameraWarning', String(event.cameraWarningId), { handleStatus: 2, handleOpinion: fields.opinion } as never);
      }
      await notifyEventStep(ctx, tx, action, event, fields.opinion);
    }
  },
});
