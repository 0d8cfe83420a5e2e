/**
 * River patrol records: save and update run the engine's write (validation, references, the add/edit
 * button) with the figures the server derives from the track (patrolTrack.ts), refuse a patrol shorter
 * than its level's minimum (patrolRules.ts), replace the track points and the problems, and raise the
 * problems' events — all in one transaction, so a refused patrol leaves nothing behind.
 */
import { isIdString, nextId } from '../../db/ids.js';
import type { DbClient, Queryable } from '../../db/pool.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { entityModel } from '../../engine/entityRegistry.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';
import { actorOf } from '../../engine/operations/context.js';
import { detailOperation } from '../../engine/operations/readOperations.js';
import { insertRow, updateRow } from '../../engine/operations/writeOperations.js';
import { buildInsert } from '../../engine/sqlBuilder.js';
import { ApiError, badRequest } from '../../http/apiError.js';
import { tenantLevelRules } from './levelRules.js';
import { parseProblems, writeProblems } from './patrolProblems.js';
import { assertPatrolLongEnough } from './patrolRules.js';
import { figuresOf, MAX_TRACK_POINTS, MIN_TRACK_POINTS, parseTrack, type TrackPoint } from './patrolTrack.js';

type Row = Record<string, unknown>;

function bodyOf(ctx: ActionContext): Row {
  if (!ctx.body || typeof ctx.body !== 'object' || Array.isArray(ctx.body)) throw badRequest('请求内容不正确', 'The request body is not valid');
  return ctx.body as Row;
}

/** A refusal of the track, naming the field track as the engine names its fields. */
function trackRefusal(zh: string, en: string, language: 'zh' | 'en') {
  return badRequest(zh, en, { errors: [{ field: 'track', message: language === 'zh' ? zh : en }] });
}

/** Why the body's track cannot be stored, or its points; undefined when an update leaves it out (the stored one stays). */
function trackOf(body: Row, kind: 'save' | 'update', language: 'zh' | 'en'): TrackPoint[] | ApiError | undefined {
  if (kind === 'update' && (body.track === undefined || body.track === null)) return undefined;
  const parsed = parseTrack(body.track);
  if ('points' in parsed) return parsed.points;
  if (parsed.problem === 'tooFew')
    return trackRefusal(
      `巡河轨迹点过少：至少需要${MIN_TRACK_POINTS}个定位点`,
      `The patrol track has too few points: at least ${MIN_TRACK_POINTS} are needed`,
      language,
    );
  if (parsed.problem === 'tooMany')
    return trackRefusal(`巡河轨迹点过多：最多${MAX_TRACK_POINTS}个定位点`, `The patrol track has too many points: at most ${MAX_TRACK_POINTS}`, language);
  if (parsed.problem === 'order') return trackRefusal('巡河轨迹点的时间须按先后顺序排列', 'The track points must be in time order', language);
  return trackRefusal(
    '请上传巡河轨迹：每个点需要经纬度和时间（yyyy-MM-dd HH:mm:ss）',
    'Please send the patrol track: every point needs lng, lat and a time as yyyy-MM-dd HH:mm:ss',
    language,
  );
}

/** Replaces the patrol's points (checked as a whole by parseTrack, so inserted with the engine's SQL). */
async function replaceTrack(ctx: ActionContext, patrolId: string, points: TrackPoint[]): Promise<void> {
  const tx = ctx.tx as DbClient;
  const api = localApi(ctx, tx).tenantWide();
  const old = await api.find('river/patrolPoint', { where: { patrolId }, limit: MAX_TRACK_POINTS });
  await api.remove(
    'river/patrolPoint',
    old.map((point) => String(point.id)),
  );
  const model = entityModel('river/patrolPoint');
  const actor = actorOf(ctx.caller);
  for (const [index, point] of points.entries()) {
    const insert = buildInsert(model, actor, nextId(), { patrolId, seq: index + 1, lng: point.lng, lat: point.lat, time: point.time });
    await tx.query(insert.text, insert.values);
  }
}

/** The river's level fills in the chief's level when the body names none. */
async function withChiefLevel(ctx: ActionContext, body: Row): Promise<Row> {
  if (body.chiefLevel !== undefined && body.chiefLevel !== null) return body;
  if (!isIdString(body.riverId)) return body;
  const river = await localApi(ctx, ctx.tx as DbClient).findById('river/river', body.riverId);
  return river ? { ...body, chiefLevel: river.level } : body;
}

async function write(ctx: ActionContext, kind: 'save' | 'update'): Promise<Row> {
  const raw = bodyOf(ctx);
  const parsedTrack = trackOf(raw, kind, ctx.language);
  const track = parsedTrack instanceof ApiError ? undefined : parsedTrack;
  const problems = parseProblems(raw.problems, ctx.language);
  const { track: _track, problems: _problems, ...fields } = raw;
  const body = await withChiefLevel(ctx, kind === 'save' && !fields.chiefId ? { ...fields, chiefId: ctx.caller.userId } : fields);
  const serverData = { ...(track ? figuresOf(track) : {}), ...(problems ? { problemCount: problems.length } : {}) };
  const tx = ctx.tx as DbClient;
  // The engine's checks (fields, references, dictionaries) answer first, by field; a refused track after them
  // undoes the written row with the transaction, as a patrol too short for its level does.
  const row = kind === 'save' ? await insertRow(ctx, tx, ctx.model, body, { serverData }) : await updateRow(ctx, tx, ctx.model, body, { serverData });
  if (parsedTrack instanceof ApiError) throw parsedTrack;
  if (track) assertPatrolLongEnough(Number(row.chiefLevel ?? 3), figuresOf(track), await tenantLevelRules(ctx, tx));
  const id = String(row.id);
  if (track) await replaceTrack(ctx, id, track);
  if (problems) await writeProblems(ctx, row, problems);
  return detailOf(ctx, tx, row);
}

/** The points of a patrol in order, as {lng, lat, time}. */
async function trackOfPatrol(ctx: LocalContext, db: Queryable, patrolId: string): Promise<TrackPoint[]> {
  const points = await localApi(ctx, db as DbClient)
    .tenantWide()
    .find('river/patrolPoint', { where: { patrolId }, sort: ['seq asc'], limit: MAX_TRACK_POINTS });
  return points.map((point) => ({ lng: Number(point.lng), lat: Number(point.lat), time: String(point.time ?? '') }));
}

/** The problems with the number and state of the event each raised (as far as the caller may see the event). */
async function problemsOfPatrol(ctx: LocalContext, db: Queryable, patrolId: string): Promise<Row[]> {
  const api = localApi(ctx, db as DbClient);
  const problems = await api.tenantWide().find('river/patrolProblem', { where: { patrolId }, sort: ['sort asc'] });
  const eventIds = problems.map((problem) => problem.eventId).filter((id): id is string => Boolean(id));
  const events = eventIds.length ? await api.find('inspect/event', { where: { id: eventIds } as never }) : [];
  const byId = new Map(events.map((event) => [String(event.id), event]));
  return problems.map((problem) => {
    const event = problem.eventId ? byId.get(String(problem.eventId)) : undefined;
    return { ...problem, eventNo: event?.eventNo ?? null, eventStatus: event?.status ?? null };
  });
}

async function detailOf(ctx: LocalContext, db: Queryable, row: Row): Promise<Row> {
  const id = String(row.id);
  const river = isIdString(row.riverId)
    ? await localApi(ctx, db as DbClient)
        .tenantWide()
        .findById('river/river', row.riverId)
    : undefined;
  return {
    ...row,
    track: await trackOfPatrol(ctx, db, id),
    problems: await problemsOfPatrol(ctx, db, id),
    centreLine: river?.centreLine ?? [],
  };
}

defineActions('river/patrol', {
  save: (ctx) => write(ctx, 'save'),
  update: (ctx) => write(ctx, 'update'),
  detail: async (ctx) => detailOf(ctx, ctx.db, await detailOperation(ctx, ctx.model, ctx.query.id)),
});
