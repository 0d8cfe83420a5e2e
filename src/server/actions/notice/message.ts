/**
 * The inbox (notice/message): reads and marks of the caller's own messages.
 * The register declares x-owner userId, so the engine's row scope (ctx.scope)
 * already limits every query here to the caller's rows of the caller's
 * tenant; each statement adds the conditions of one action on top. The bulk
 * marks (read, remove, pull) are one UPDATE over the engine's scope
 * conditions: the local API updates one row at a time.
 */
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { quoteIdent } from '../../engine/naming.js';
import { detailOperation } from '../../engine/operations/readOperations.js';
import { Params, scopeConditions, selectList, outputFields } from '../../engine/sqlBuilder.js';
import { badRequest } from '../../http/apiError.js';
import { idList, paramsOf } from '../system/actionParams.js';

type Row = Record<string, unknown>;

const KINDS = ['business', 'announcement'] as const;
type Kind = (typeof KINDS)[number];

/** The kind filter of an action: absent = every kind. */
function kindOf(ctx: ActionContext): Kind | undefined {
  const kind = paramsOf(ctx).kind;
  if (kind === undefined || kind === null || kind === '') return undefined;
  if (typeof kind !== 'string' || !(KINDS as readonly string[]).includes(kind))
    throw badRequest('参数 kind 必须是 business 或 announcement', 'The parameter kind must be business or announcement');
  return kind as Kind;
}

/** ids: the query parameter (comma-separated), or the body's ids (an array or a comma list). */
function idsOf(ctx: ActionContext): string[] {
  const ids = idList(paramsOf(ctx).ids, 'ids', 1000);
  if (ids.length === 0) throw badRequest('请选择至少一条消息', 'Please select at least one message');
  return ids;
}

/** The caller's live messages (engine scope: tenant, owner, not deleted) plus extra conditions. */
function ownRows(ctx: ActionContext, params: Params, extra: string[]): string {
  return [...scopeConditions(ctx.model, ctx.scope, params), ...extra].join(' AND ');
}

async function markRead(ctx: ActionContext, extra: (params: Params) => string[]): Promise<number> {
  const params = new Params();
  const where = ownRows(ctx, params, ['"read_status" = 0', ...extra(params)]);
  const result = await ctx.tx.query(
    `UPDATE ${quoteIdent(ctx.model.table)} SET "read_status" = 1, "read_time" = LOCALTIMESTAMP(0), "update_user" = ${params.add(ctx.caller.userId)}, "update_time" = LOCALTIMESTAMP(0), "version" = "version" + 1 WHERE ${where}`,
    params.values,
  );
  return result.rowCount ?? 0;
}

async function softDelete(ctx: ActionContext, extra: (params: Params) => string[]): Promise<number> {
  const params = new Params();
  const where = ownRows(ctx, params, extra(params));
  const result = await ctx.tx.query(
    `UPDATE ${quoteIdent(ctx.model.table)} SET "is_deleted" = 1, "update_user" = ${params.add(ctx.caller.userId)}, "update_time" = LOCALTIMESTAMP(0) WHERE ${where}`,
    params.values,
  );
  return result.rowCount ?? 0;
}

const byIds = (ids: string[]) => (params: Params) => [`"id" = ANY(${params.add(ids)}::bigint[])`];
const byKind =
  (kind: string | undefined, extra: string[] = []) =>
  (params: Params) => [...extra, ...(kind ? [`"kind" = ${params.add(kind)}`] : [])];

/** The announcement behind an announcement message, read live (null once it was removed); announcements are the tenant's, not the caller's. */
async function announcementOf(ctx: ActionContext, businessId: unknown): Promise<Row | null> {
  if (typeof businessId !== 'string' || !/^[1-9][0-9]{0,18}$/.test(businessId)) return null;
  const found = await localApi(ctx).tenantWide().findById('desk/notice', businessId);
  return found ? { id: found.id, title: found.title, category: found.category, releaseTime: found.releaseTime ?? null, content: found.content } : null;
}

defineActions('notice/message', {
  /** Stays: one of the caller's messages (404 otherwise), and opening it marks it read and adds the live announcement — a read with a write, which the engine's detail does not do. */
  detail: async (ctx) => {
    const message = await detailOperation(ctx, ctx.model, ctx.query.id);
    if (message.readStatus === 0) {
      await markRead(ctx, byIds([String(message.id)]));
      Object.assign(message, await detailOperation(ctx, ctx.model, ctx.query.id));
    }
    return message.kind === 'announcement' ? { ...message, announcement: await announcementOf(ctx, message.businessId) } : message;
  },
  countUnread: (ctx) => localApi(ctx).count('notice/message', { readStatus: 0, kind: kindOf(ctx) }),
  read: (ctx) => markRead(ctx, byIds(idsOf(ctx))),
  readAll: (ctx) => markRead(ctx, byKind(kindOf(ctx))),
  remove: (ctx) => softDelete(ctx, byIds(idsOf(ctx))),
  /** Clears the read messages only: an unread one is kept so that nothing unseen is lost. */
  removeAll: (ctx) => softDelete(ctx, byKind(kindOf(ctx), ['"read_status" = 1'])),
  /**
   * The app's fetch: the caller's messages not pulled yet, newest first, marked pulled as they are answered
   * (each message is answered once, even to two pulls at the same time). total counts those not yet pulled before this pull.
   */
  pull: async (ctx) => {
    const query = paramsOf(ctx);
    const size = pageNumber(query.size, 'size', 20, 100);
    const current = pageNumber(query.current, 'current', 1, 10_000);
    const table = quoteIdent(ctx.model.table);
    const countParams = new Params();
    const counted = await ctx.tx.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${ownRows(ctx, countParams, ['"pulled" = 0'])}`, countParams.values);
    const params = new Params();
    const pending = ownRows(ctx, params, ['"pulled" = 0']);
    const limit = params.add(size);
    const offset = params.add((current - 1) * size);
    // The rows are picked once, in a materialised CTE: as `id IN (subquery)` a concurrent pull could make the
    // UPDATE re-run its LIMIT … SKIP LOCKED subquery on a re-check and answer a waiting message to nobody.
    const pulled = await ctx.tx.query(
      `WITH picked AS MATERIALIZED (
         SELECT "id" FROM ${table} WHERE ${pending} ORDER BY "create_time" DESC, "id" DESC LIMIT ${limit} OFFSET ${offset} FOR UPDATE SKIP LOCKED
       )
       UPDATE ${table} SET "pulled" = 1 WHERE "pulled" = 0 AND "id" IN (SELECT "id" FROM picked) RETURNING ${selectList(outputFields(ctx.model))}`,
      params.values,
    );
    const records = pulled.rows.sort((a, b) => String(b.createTime).localeCompare(String(a.createTime)) || compareIds(String(b.id), String(a.id)));
    const total = counted.rows[0].n as number;
    return { records, total, size, current, pages: Math.ceil(total / size) };
  },
});

function compareIds(a: string, b: string): number {
  return a.length - b.length || a.localeCompare(b);
}

function pageNumber(raw: unknown, name: string, fallback: number, max: number): number {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max || !/^[0-9]+$/.test(String(raw))) {
    throw badRequest(`参数 ${name} 必须是 1 到 ${max} 之间的整数`, `The parameter ${name} must be an integer from 1 to ${max}`);
  }
  return value;
}
