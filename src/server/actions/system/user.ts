/**
 * Actions of the user register (schemas/system/user.json): the page with
 * department/role/post filters, details, management lookups, adding and
 * editing, removal, export and import, and the account actions.
 */
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { requireId } from '../../engine/operations/readOperations.js';
import { badRequest } from '../../http/apiError.js';
import { isBlank } from './actionParams.js';
import { approveRegistrations, grantRoles, resetPasswords, unlockUsers, updatePlatform } from './userAccountActions.js';
import { exportTemplate, exportUsers } from './userExport.js';
import { importUsers } from './userImport.js';
import { joinedRegister, pageUsers, requireUsers } from './userQueries.js';
import { createUser, editUser, submitUser } from './userWrites.js';
import { isIdString } from '../../db/ids.js';

async function userDetail(ctx: ActionContext): Promise<Record<string, unknown>> {
  const id = requireId(ctx.query[ctx.binding.idParam] ?? ctx.query.id);
  const [user] = await requireUsers(ctx.tx, ctx.model, ctx.scope, [id]);
  return user;
}

/** user/management/region?regionCode=: users of the departments placed in that region or below it. */
function usersOfRegion(ctx: ActionContext) {
  const { regionCode, ...query } = ctx.query;
  if (typeof regionCode !== 'string' || !/^[0-9]{2,12}$/.test(regionCode)) throw badRequest('请选择行政区划', 'Please choose a region');
  return pageUsers(ctx, query, (params) => {
    const d = joinedRegister('system/dept', 'd', params, ctx.caller.tenantId);
    return [
      `EXISTS (SELECT 1 FROM ${d.table} WHERE ${d.scope}
               AND ${d.col('id')}::text = ANY(string_to_array(blade_user.dept_id, ',')) AND ${d.col('regionCode')} LIKE ${params.add(`${regionCode}%`)})`,
    ];
  });
}

/** user/management/reservoir?reservoirId=: users responsible for that reservoir. */
function usersOfReservoir(ctx: ActionContext) {
  const { reservoirId, ...query } = ctx.query;
  if (isBlank(reservoirId) || typeof reservoirId !== 'string' || !isIdString(reservoirId)) throw badRequest('请选择水库', 'Please choose a reservoir');
  return pageUsers(ctx, query, (params) => [`"reservoir_ids" @> jsonb_build_array(${params.add(reservoirId)}::text)`]);
}

defineActions('system/user', {
  // Stays (page, management): rows carry role, department and post names; filters by department subtree, role and post.
  page: (ctx) => pageUsers(ctx),
  // Stays (detail, platformDetail): the user with role, department and post names.
  detail: userDetail,
  platformDetail: userDetail,
  managementRegion: usersOfRegion,
  managementReservoir: usersOfReservoir,
  // Stays (addUser, submit, update): the md5 is hashed or the tenant's initial password answered once, roles change only within reach, names answered.
  addUser: createUser,
  submit: submitUser,
  update: editUser,
  // Stays: the export writes role, department and post names beside each user.
  exportUser: exportUsers,
  exportTemplate,
  importUser: importUsers,
  grant: grantRoles,
  resetPassword: resetPasswords,
  unlock: unlockUsers,
  auditPass: approveRegistrations,
  updatePlatform,
});
