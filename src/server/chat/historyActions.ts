/**
 * The assistant's history on the server (platform-core §3 "AI chat history"),
 * x-api actions of chat/conversation, open to any signed-in user: the
 * register is owned by its user (x-owner), so the engine's scope keeps every
 * read and removal to the caller's own rows.
 *
 *   GET  /api/v1/coze/chatbot/conversations?mode=flowChat|assistant&current&size
 *        → { records: [{ conversationId, date, content, msgs, mode }], total, current, size, pages }
 *   GET  /api/v1/coze/chatbot/messages?conversationId=
 *        → [{ id, date, content, self, from, complete }] oldest first (404: not the caller's)
 *   POST /api/v1/coze/chatbot/conversations/remove?conversationIds=a,b
 *        → the number of conversations removed (their messages go with them)
 */
import type { DbClient } from '../db/pool.js';
import { defineActions, type ActionContext } from '../engine/actions.js';
import { localApi } from '../engine/localApi.js';
import { scopedQuery } from '../engine/scopedQuery.js';
import { badRequest, notFound } from '../http/apiError.js';
import { idList, paramsOf, requiredId } from '../actions/system/actionParams.js';
import { CHAT_MODES, type ChatMode } from './providers/chatProvider.js';
import { removeConversations } from './conversationStore.js';

export const MAX_PAGE_SIZE = 100;
/** Messages one conversation answers at most (a conversation longer than this shows its latest). */
export const MAX_MESSAGES = 500;
export const MAX_REMOVE = 100;

function pageParam(raw: unknown, fallback: number, max: number, name: string): number {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw badRequest(`参数 ${name} 应为 1 至 ${max} 的整数`, `The parameter ${name} must be an integer from 1 to ${max}`);
  return value;
}

function modeParam(raw: unknown): ChatMode | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (!(CHAT_MODES as readonly unknown[]).includes(raw))
    throw badRequest('参数 mode 应为 flowChat 或 assistant', 'The parameter mode must be flowChat or assistant');
  return raw as ChatMode;
}

async function conversations(ctx: ActionContext) {
  const params = paramsOf(ctx);
  const mode = modeParam(params.mode);
  const current = pageParam(params.current, 1, 100_000, 'current');
  const size = pageParam(params.size, 10, MAX_PAGE_SIZE, 'size');
  const q = scopedQuery(ctx);
  const c = await q.from('chat/conversation', 'c');
  const where = `${c.scope} AND ${c.where(mode ? { mode } : {})}`;
  const rows = await q.rows<{ id: string; date: string; content: string; msgs: number; mode: ChatMode; total: number }>(
    `SELECT ${c.col('id')}::text AS id, to_char(coalesce(${c.col('lastTime')}, ${c.col('createTime')}), 'YYYY-MM-DD HH24:MI:SS') AS date,
            ${c.col('content')} AS content, ${c.col('msgs')}::int AS msgs, ${c.col('mode')} AS mode, count(*) OVER ()::int AS total
       FROM ${c.table} WHERE ${where}
      ORDER BY coalesce(${c.col('lastTime')}, ${c.col('createTime')}) DESC, ${c.col('id')} DESC
      LIMIT ${q.param(size)} OFFSET ${q.param((current - 1) * size)}`,
  );
  const total = rows[0]?.total ?? (current > 1 ? await localApi(ctx).count('chat/conversation', mode ? { mode } : {}) : 0);
  return {
    records: rows.map((row) => ({ conversationId: row.id, date: row.date, content: row.content, msgs: row.msgs, mode: row.mode })),
    total,
    current,
    size,
    pages: Math.ceil(total / size),
  };
}

async function messages(ctx: ActionContext) {
  const conversationId = requiredId(paramsOf(ctx).conversationId, 'conversationId');
  const api = localApi(ctx);
  if (!(await api.findById('chat/conversation', conversationId))) throw notFound('会话不存在或已被删除', 'The conversation does not exist or has been deleted');
  const rows = await api.find('chat/message', { where: { conversationId }, sort: ['createTime desc', 'id desc'], limit: MAX_MESSAGES });
  return rows.reverse().map((row) => ({
    id: String(row.id),
    date: String(row.createTime ?? ''),
    content: String(row.content),
    self: row.self === 1,
    from: String(row.from),
    complete: row.complete !== 0,
  }));
}

async function remove(ctx: ActionContext) {
  const ids = idList(paramsOf(ctx).conversationIds, 'conversationIds', MAX_REMOVE);
  if (ids.length === 0) throw badRequest('请选择至少一个会话', 'Please select at least one conversation');
  // A POST action runs in the engine's transaction: the conversations and their messages go together.
  const api = localApi(ctx, ctx.tx as DbClient);
  const owned = await api.find('chat/conversation', { where: { id: ids }, limit: MAX_REMOVE });
  if (owned.length === 0) return 0;
  return removeConversations(
    api,
    owned.map((row) => String(row.id)),
  );
}

defineActions('chat/conversation', { conversations, messages, remove });
