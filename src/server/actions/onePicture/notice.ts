/**
 * The one-picture notice board (reservoir/mapNotice): getNotice answers the tenant's newest text with who wrote it
 * and when (null before the first save); saveNotice adds a new text (button one_picture_notice), so the board
 * keeps its history. The board belongs to the tenant, not to a department: everyone who opens the map reads it.
 */
import type { ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import type { DbClient } from '../../db/pool.js';
import { badRequest } from '../../http/apiError.js';
import { bodyObject } from '../reservoir/requestBody.js';
import { onlyParams } from './params.js';
import type { MapNotice } from '../../../shared/onePictureAnswers.js';

export const MAX_NOTICE_LENGTH = 2000;

async function authorName(ctx: ActionContext, userId: unknown): Promise<string> {
  if (!userId) return '';
  const user = await localApi(ctx).tenantWide().findById('system/user', String(userId));
  return user ? String(user.realName || user.name || user.account) : '';
}

export async function getNotice(ctx: ActionContext): Promise<MapNotice | null> {
  onlyParams(ctx.query, []);
  const [newest] = await localApi(ctx)
    .tenantWide()
    .find('reservoir/mapNotice', { sort: ['createTime desc', 'id desc'], limit: 1 });
  if (!newest) return null;
  return { id: String(newest.id), content: newest.content, updateTime: newest.createTime ?? null, authorName: await authorName(ctx, newest.createUser) };
}

function noticeContent(body: unknown): string {
  const content = bodyObject(body).content;
  if (typeof content !== 'string' || content.trim() === '') throw badRequest('请输入公告内容', 'Please enter the notice');
  const trimmed = content.trim();
  if (trimmed.length > MAX_NOTICE_LENGTH)
    throw badRequest(`公告内容不能超过${MAX_NOTICE_LENGTH}个字符`, `The notice may have at most ${MAX_NOTICE_LENGTH.toLocaleString('en')} characters`);
  return trimmed;
}

export async function saveNotice(ctx: ActionContext): Promise<MapNotice> {
  const content = noticeContent(ctx.body);
  const created = await localApi(ctx, ctx.tx as DbClient)
    .tenantWide()
    .create('reservoir/mapNotice', { content });
  return { id: String(created.id), content: created.content, updateTime: created.createTime ?? null, authorName: await authorName(ctx, ctx.caller.userId) };
}
