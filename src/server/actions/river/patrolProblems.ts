/**
 * The problems a river chief found on a patrol (domain.md §7: rubbish, sewage outfalls, encroachment, sand
 * mining, illegal building …), replaced by each save and update — a problem sent back with its id keeps its
 * row and the event it raised. Each problem without an event raises one through the event register's local
 * API (inspect/event, source 6 河长巡河), in the patrol's transaction, so the event's own hooks run (number,
 * report log, notices) exactly as for an inspector's abnormal item (actions/inspect/recordEvents.ts).
 */
import { isIdString, nextId } from '../../db/ids.js';
import type { DbClient } from '../../db/pool.js';
import type { ActionContext } from '../../engine/actions.js';
import { dictionaryLabels } from '../../engine/dictionaryLabels.js';
import { entityModel } from '../../engine/entityRegistry.js';
import { localApi } from '../../engine/localApi.js';
import { actorOf } from '../../engine/operations/context.js';
import { buildInsert, buildUpdate } from '../../engine/sqlBuilder.js';
import { badRequest } from '../../http/apiError.js';

export interface PatrolProblem {
  id?: string;
  problemType: number;
  description: string | null;
  lng: number | null;
  lat: number | null;
  photos: string[];
}

export const MAX_PROBLEMS = 50;
/** event_source 河长巡河. */
const SOURCE_RIVER_PATROL = 6;
/** event_type 违章占用 for encroachment and illegal building; 其他 for the rest. */
const EVENT_TYPE_ENCROACHMENT = 13;
const EVENT_TYPE_OTHER = 99;
const ENCROACHING_PROBLEMS = new Set([3, 5]);
/** event_level 其他隐患: a problem of the river, not of the dam. */
const LEVEL_OTHER = 3;

const isText = (value: unknown, max: number) => typeof value === 'string' && value.length <= max;
const isCoordinate = (value: unknown, limit: number) => value === undefined || value === null || (typeof value === 'number' && Math.abs(value) <= limit);

function problemOf(raw: unknown): PatrolProblem | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const row = raw as Record<string, unknown>;
  const photos = row.photos ?? [];
  if (!Number.isInteger(row.problemType) || (row.problemType as number) < 1 || (row.problemType as number) > 99) return undefined;
  if (row.description !== undefined && row.description !== null && !isText(row.description, 500)) return undefined;
  if (!Array.isArray(photos) || photos.length > 9 || !photos.every((photo) => isText(photo, 500))) return undefined;
  if (!isCoordinate(row.lng, 180) || !isCoordinate(row.lat, 90)) return undefined;
  if (row.id !== undefined && row.id !== null && !isIdString(row.id)) return undefined;
  return {
    id: (row.id as string | undefined) ?? undefined,
    problemType: row.problemType as number,
    description: (row.description as string | undefined) ?? null,
    lng: (row.lng as number | undefined) ?? null,
    lat: (row.lat as number | undefined) ?? null,
    photos: photos as string[],
  };
}

/** problems of the body: undefined when left out (an update keeps the stored ones); a refusal names the field problems. */
export function parseProblems(raw: unknown, language: 'zh' | 'en' = 'zh'): PatrolProblem[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  const parsed = Array.isArray(raw) && raw.length <= MAX_PROBLEMS ? raw.map(problemOf) : [undefined];
  if (parsed.some((problem) => problem === undefined)) {
    const text = {
      zh: `发现问题不正确：每个问题需要问题类型，描述不超过500字，照片不超过9张，最多${MAX_PROBLEMS}个问题`,
      en: `A problem is not valid: each needs a problem type, a description of at most 500 characters and at most 9 photos; at most ${MAX_PROBLEMS} problems`,
    };
    throw badRequest(text.zh, text.en, { errors: [{ field: 'problems', message: text[language] }] });
  }
  return parsed as PatrolProblem[];
}

interface StoredProblem extends PatrolProblem {
  id: string;
  eventId: string | null;
}

/** Writes the patrol's problems (checked as a whole above, so with the engine's SQL) and answers them as stored. */
async function replaceProblems(ctx: ActionContext, patrolId: string, problems: PatrolProblem[]): Promise<StoredProblem[]> {
  const tx = ctx.tx as DbClient;
  const api = localApi(ctx, tx).tenantWide();
  const model = entityModel('river/patrolProblem');
  const actor = actorOf(ctx.caller);
  const stored = new Map((await api.find('river/patrolProblem', { where: { patrolId } })).map((row) => [String(row.id), row]));
  const written: StoredProblem[] = [];
  for (const [index, problem] of problems.entries()) {
    const kept = problem.id ? stored.get(problem.id) : undefined;
    const id = kept ? String(kept.id) : nextId();
    const data = {
      patrolId,
      sort: index + 1,
      problemType: problem.problemType,
      description: problem.description,
      lng: problem.lng,
      lat: problem.lat,
      photos: problem.photos,
    };
    const sql = kept ? buildUpdate(model, { tenantId: ctx.caller.tenantId }, actor, id, data) : buildInsert(model, actor, id, data);
    await tx.query(sql.text, sql.values);
    stored.delete(id);
    written.push({ ...problem, id, eventId: kept?.eventId ? String(kept.eventId) : null });
  }
  // A dropped problem goes; its event stays (an event is never lost with the note that raised it).
  await api.remove('river/patrolProblem', [...stored.keys()]);
  return written;
}

/** Replaces the problems and raises the events of those that have none yet; answers the ids of the events raised. */
export async function writeProblems(ctx: ActionContext, patrol: Record<string, unknown>, problems: PatrolProblem[]): Promise<string[]> {
  const tx = ctx.tx as DbClient;
  const stored = await replaceProblems(ctx, String(patrol.id), problems);
  const pending = stored.filter((problem) => !problem.eventId);
  if (pending.length === 0) return [];
  const api = localApi(ctx, tx);
  const river = await api.tenantWide().findById('river/river', String(patrol.riverId));
  const typeLabels = await problemTypeLabels(ctx);
  const raised: string[] = [];
  for (const problem of pending) {
    const typeLabel = typeLabels.get(problem.problemType) ?? '问题';
    const event = await api.create('inspect/event', {
      title: `${river?.name ?? ''}：${typeLabel}`.slice(0, 100),
      reservoirId: String(river?.reservoirId),
      eventType: ENCROACHING_PROBLEMS.has(problem.problemType) ? EVENT_TYPE_ENCROACHMENT : EVENT_TYPE_OTHER,
      level: LEVEL_OTHER,
      source: SOURCE_RIVER_PATROL,
      riverPatrolId: String(patrol.id),
      description: problem.description ?? `巡河发现：${typeLabel}`,
      location: [river?.name, patrol.section].filter(Boolean).join(' ').slice(0, 200) || undefined,
      longitude: problem.lng ?? undefined,
      latitude: problem.lat ?? undefined,
      photos: problem.photos,
    } as never);
    const link = buildUpdate(entityModel('river/patrolProblem'), { tenantId: ctx.caller.tenantId }, actorOf(ctx.caller), problem.id, {
      eventId: String(event.id),
    });
    await tx.query(link.text, link.values);
    raised.push(String(event.id));
  }
  return raised;
}

/** The tenant's Chinese names of the problem types (dictionary river_problem_type), for the events' titles. */
async function problemTypeLabels(ctx: ActionContext): Promise<Map<number, string>> {
  const labels = await dictionaryLabels(ctx.tx, ctx.caller.tenantId, ['river_problem_type'], 'zh');
  return new Map([...(labels.get('river_problem_type') ?? new Map<string, string>())].map(([key, label]) => [Number(key), label]));
}
