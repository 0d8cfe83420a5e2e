/**
 * Demo workflow data (contract 14 §8), per demo tenant on a fresh database:
 * the category 行政审批, the model `leave` with its first history version
 * (main), deployed as version 1 through the deploy of the designer
 * (deployProcess: parsed, checked against the tenant's package, versioned),
 * and the tenant's department led by subject_admin (陈志强), whom the first
 * step (deptLeader) reaches. Written as the tenant's admin, through the local
 * API. Idempotent: a tenant that has ever had a `leave` deployment (removed
 * ones included) gets nothing, so an administrator's changes are kept.
 */
import { findUserByAccount } from '../auth/sessionUser.js';
import type { DbClient } from '../db/pool.js';
import { entityModel } from '../engine/entityRegistry.js';
import { localApi, type LocalContext } from '../engine/localApi.js';
import { quoteIdent } from '../engine/naming.js';
import type { Caller } from '../http/caller.js';
import { LEAVE_PROCESS_KEY, leaveProcessXml } from '../workflow/demo/demoLeaveModel.js';
import { deployProcess } from '../workflow/design/deploy.js';
import { contextOf } from './demoSteps.js';

const CATEGORY = { code: 'admin_approval', name: '行政审批', sort: 1, remark: '请假等行政事务的审批流程' };

async function callerOf(tx: DbClient, tenantId: string, account: string): Promise<Caller | undefined> {
  const user = await findUserByAccount(tx, tenantId, account);
  return user && { tenantId, userId: user.id, deptId: user.deptId, roleIds: user.roleIds, account, clientId: 'saber' };
}

async function hadLeaveDeployment(tx: DbClient, tenantId: string): Promise<boolean> {
  const model = entityModel('flow/deployment');
  const processKey = quoteIdent(model.field.get('processKey')!.column);
  // tenant-sql: the seed asks whether the tenant ever had the demo process, removed deployments included.
  const found = await tx.query(`SELECT 1 FROM ${quoteIdent(model.table)} WHERE tenant_id = $1 AND ${processKey} = $2 LIMIT 1`, [tenantId, LEAVE_PROCESS_KEY]);
  return (found.rowCount ?? 0) > 0;
}

/** subject_admin leads the tenant's department (the admin's), unless someone leads it already. */
async function setDeptLeader(ctx: LocalContext, tx: DbClient, leader: Caller): Promise<void> {
  // A user's deptId may list several departments: the first is the one the demo accounts share.
  const deptId = leader.deptId?.split(',')[0];
  if (!deptId) return;
  const api = localApi(ctx, tx).tenantWide();
  const dept = await api.findById('system/dept', deptId);
  if (dept && !dept.leaderId) await api.update('system/dept', deptId, { leaderId: leader.userId });
}

/** The category, the model with its main history version 1, and its deployment as version 1. */
async function seedLeaveModel(ctx: LocalContext, tx: DbClient, adminRoleId: string): Promise<void> {
  const api = localApi(ctx, tx).tenantWide();
  const category = (await api.findOne('flow/category', { code: CATEGORY.code })) ?? (await api.create('flow/category', { ...CATEGORY, parentId: '0' }));
  const xml = leaveProcessXml(adminRoleId);
  const model = await api.create('flow/model', {
    modelKey: LEAVE_PROCESS_KEY,
    name: '请假流程',
    categoryId: category.id,
    icon: 'CalendarOutlined',
    description: '请假申请：部门负责人审批，再由管理员审批（演示流程）',
    xml,
    modelVersion: 1,
  });
  const history = await api.create('flow/modelHistory', { modelId: model.id, historyVersion: 1, xml, isMain: 1, remark: '初始版本' });
  await api.update('flow/model', model.id, { mainHistoryId: history.id });
  await deployProcess(ctx, tx, { xml, categoryId: category.id, modelId: model.id, modelHistoryId: history.id });
}

/** Every listed demo tenant that never had the leave process gets it (see above). */
export async function seedDemoWorkflow(tx: DbClient, tenantIds: string[]): Promise<void> {
  for (const tenantId of tenantIds) {
    if (await hadLeaveDeployment(tx, tenantId)) continue;
    const admin = await callerOf(tx, tenantId, 'admin');
    const leader = await callerOf(tx, tenantId, 'subject_admin');
    if (!admin || admin.roleIds.length === 0) continue;
    const ctx = contextOf(tx, admin);
    if (leader) await setDeptLeader(ctx, tx, leader);
    await seedLeaveModel(ctx, tx, admin.roleIds[0]);
  }
}
