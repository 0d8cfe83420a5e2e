/**
 * Phreatic-line points. saveBatch replaces every point of one reservoir with
 * the points sent, all or nothing: each point is validated as a single save
 * would be, and the first bad one (named by its position) undoes the batch.
 */
import type { DbClient } from '../../db/pool.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { requireId } from '../../engine/operations/readOperations.js';
import { insertRow } from '../../engine/operations/writeOperations.js';
import { localApi } from '../../engine/localApi.js';
import { assertReferences } from '../../engine/references.js';
import { ApiError, badRequest } from '../../http/apiError.js';
import { bodyObject, type Row } from './requestBody.js';

const MAX_POINTS = 500;

/** `{ reservoirId, points: [...] }`, or a bare array of points that all name the same reservoir. */
function batchOf(body: unknown): { reservoirId: string; points: Row[] } {
  if (Array.isArray(body)) {
    const ids = new Set(body.map((point) => (point && typeof point === 'object' ? (point as Row).reservoirId : undefined)));
    if (body.length === 0 || ids.size !== 1) throw badRequest('请指定水库，且所有点属于同一水库', 'Name one reservoir for all the points');
    return { reservoirId: requireId([...ids][0], 'reservoirId'), points: body as Row[] };
  }
  const row = bodyObject(body);
  if (!Array.isArray(row.points)) throw badRequest('points 必须是浸润线点的数组', 'points must be an array of phreatic-line points');
  return { reservoirId: requireId(row.reservoirId, 'reservoirId'), points: row.points as Row[] };
}

function pointError(index: number, error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError(error.status, { zh: `第${index + 1}个点：${error.text.zh}`, en: `Point ${index + 1}: ${error.text.en}` }, error.data);
}

async function saveBatch(ctx: ActionContext): Promise<{ reservoirId: string; saved: number }> {
  const { reservoirId, points } = batchOf(ctx.body);
  if (points.length > MAX_POINTS) throw badRequest(`一次最多保存 ${MAX_POINTS} 个点`, `At most ${MAX_POINTS} points can be saved at once`);
  const db = ctx.tx as DbClient;
  // The reservoir is checked before its points go, even when no point is sent.
  await assertReferences(ctx, db, ctx.model, { reservoirId });
  const api = localApi(ctx, db);
  const current = await api.find('reservoir/soakLine', { where: { reservoirId }, forUpdate: true });
  await api.remove(
    'reservoir/soakLine',
    current.map((point) => String(point.id)),
  );
  for (const [index, raw] of points.entries()) {
    try {
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('每个点必须是一个对象', 'Each point must be an object');
      const { id: _id, ...point } = raw;
      const record = { ...point, reservoirId };
      await insertRow(ctx, db, ctx.model, record);
    } catch (error) {
      throw pointError(index, error);
    }
  }
  return { reservoirId, saved: points.length };
}

defineActions('reservoir/soakLine', { saveBatch });
