/**
 * topmenu/grant (platform-core §3 top-menu grant: topMenuIds, menuIds):
 * replaces the menus each chosen top menu of the caller's tenant groups.
 * Only menus (no buttons) the caller may grant can be placed.
 */
import type { DbClient } from '../../db/pool.js';
import { nextId } from '../../db/ids.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { badRequest, notFound } from '../../http/apiError.js';
import { insertRows } from '../../seed/insertRows.js';
import { grantableMenus } from '../../system/grantableMenus.js';
import { idList, paramsOf } from './actionParams.js';

async function grant(ctx: ActionContext) {
  const params = paramsOf(ctx);
  const topMenuIds = idList(params.topMenuIds ?? params.id, 'topMenuIds', 500);
  const menuIds = idList(params.menuIds, 'menuIds');
  if (topMenuIds.length === 0) throw badRequest('请选择顶部菜单', 'Please select top menus');
  const tx = ctx.tx as DbClient;
  const { tenantId, userId, deptId } = ctx.caller;

  const found = await localApi(ctx, tx).find('system/topMenu', { where: { id: topMenuIds }, forUpdate: true });
  if (found.length !== topMenuIds.length) throw notFound('顶部菜单不存在或已被删除', 'The top menu does not exist or has been removed');
  const placeable = new Set((await grantableMenus(tx, ctx.caller)).filter((menu) => menu.category === 1).map((menu) => menu.id));
  const refused = menuIds.filter((id) => !placeable.has(id));
  if (refused.length > 0) {
    throw badRequest(
      `菜单不存在或不能配置：${refused.slice(0, 5).join(',')}`,
      `These menus do not exist or cannot be placed: ${refused.slice(0, 5).join(',')}`,
    );
  }

  // Link rows carry no history worth keeping: replaced settings are deleted outright.
  const q = scopedQuery(ctx, tx);
  const settings = await q.from('system/topMenuSetting', 's');
  await q.rows(`DELETE FROM ${settings.table} WHERE ${settings.scope} AND ${settings.col('topMenuId')} = ANY(${q.param(topMenuIds)}::bigint[])`);
  const rows = topMenuIds.flatMap((topMenuId) => menuIds.map((menuId) => [nextId(), tenantId, topMenuId, menuId, userId, deptId, userId]));
  // tenant-sql: one multi-row insert of link rows (the local API creates one row at a time, with a reload per row).
  await insertRows(tx, settings.model.table, ['id', 'tenant_id', 'top_menu_id', 'menu_id', 'create_user', 'create_dept', 'update_user'], rows);
  return { topMenuIds, menuIds };
}

defineActions('system/topMenu', { grant });
