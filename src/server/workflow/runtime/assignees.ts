/**
 * Who does a user task (contract 14 §2): the node's rsc:assigneeType and rsc:assignee, plus the
 * optional rsc:candidateGroups, resolved to enabled users of the instance's tenant.
 *
 *   user        the listed users
 *   role / dept every user holding one of the roles / in one of the departments
 *   deptLeader  the leader of the initiator's department, else of the nearest ancestor that has one
 *   initiator   the user who started the process
 *   expression  ${variable}: a process variable holding a user id or a comma list of them
 *
 * One user and no candidate group → assigned to that user; several users, a role or department, or any
 * candidate group → candidates who claim it (unless multi-instance: then one task per user).
 * Reads are tenant-wide: whoever acts on the process, its rule holds across the tenant.
 */
import { scopedQuery } from '../../engine/scopedQuery.js';
import { localApi } from '../../engine/localApi.js';
import type { UserTaskConfig } from '../bpmn/parseProcessXml.js';
import type { RuntimeContext, Tx, Variables } from './runtimeTypes.js';

export interface Resolution {
  /** The users, in a stable order (as listed, then by id). */
  userIds: string[];
  /** Whether they are candidates (claim) rather than the assignee. */
  asCandidates: boolean;
}

export interface InstanceParties {
  startUserId: string;
  startDeptId: string | null;
}

const MAX_USERS = 500;
const ID = /^[1-9][0-9]{0,18}$/;

const idsOf = (text: string | null | undefined) =>
  (text ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => ID.test(id));

/** The enabled users of the tenant among the ids (order kept), or by role / department membership. */
export async function enabledUsers(ctx: RuntimeContext, tx: Tx, filter: { ids?: string[]; roleIds?: string[]; deptIds?: string[] }): Promise<string[]> {
  const q = scopedQuery(ctx, tx);
  const u = await q.from('system/user', 'u', 'tenant');
  const conditions: string[] = [];
  if (filter.ids?.length) conditions.push(`${u.col('id')} = ANY(${q.param(filter.ids)}::bigint[])`);
  if (filter.roleIds?.length) conditions.push(`string_to_array(${u.col('roleId')}, ',') && ${q.param(filter.roleIds)}::text[]`);
  if (filter.deptIds?.length) conditions.push(`string_to_array(${u.col('deptId')}, ',') && ${q.param(filter.deptIds)}::text[]`);
  if (conditions.length === 0) return [];
  const rows = await q.rows<{ id: string }>(
    `SELECT ${u.col('id')}::text AS "id" FROM ${u.table} WHERE ${u.scope} AND ${u.col('status')} = 1 AND (${conditions.join(' OR ')})
      ORDER BY ${u.col('id')} LIMIT ${MAX_USERS}`,
  );
  const found = new Set(rows.map((row) => row.id));
  // Listed users keep the order the model lists them in (a sequential multi-instance goes in that order).
  const listed = (filter.ids ?? []).filter((id) => found.has(id));
  return [...new Set([...listed, ...rows.map((row) => row.id)])];
}

/** The leader of the department, else of its nearest ancestor that has one. */
async function deptLeader(ctx: RuntimeContext, tx: Tx, deptId: string | null): Promise<string[]> {
  if (!deptId) return [];
  const api = localApi(ctx, tx).tenantWide();
  const dept = await api.findById('system/dept', deptId);
  if (!dept) return [];
  const chain = [dept.id, ...idsOf(dept.ancestors).reverse()];
  const depts = await api.find('system/dept', { where: { id: chain }, limit: chain.length });
  for (const id of chain) {
    const leaderId = depts.find((row) => row.id === id)?.leaderId;
    if (leaderId) {
      const enabled = await enabledUsers(ctx, tx, { ids: [String(leaderId)] });
      if (enabled.length) return enabled;
    }
  }
  return [];
}

function expressionUsers(assignee: string, variables: Variables): string[] {
  const name = /^\$\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}$/.exec(assignee)?.[1];
  if (!name || !Object.prototype.hasOwnProperty.call(variables, name)) return [];
  const value = variables[name];
  if (Array.isArray(value)) return value.map(String).filter((id) => ID.test(id));
  return idsOf(String(value ?? ''));
}

function groupsOf(candidateGroups: string): { roleIds: string[]; deptIds: string[] } {
  const roleIds: string[] = [];
  const deptIds: string[] = [];
  for (const entry of candidateGroups.split(',')) {
    const [kind, id] = entry.trim().split(':');
    if (!ID.test(id ?? '')) continue;
    if (kind === 'role') roleIds.push(id);
    if (kind === 'dept') deptIds.push(id);
  }
  return { roleIds, deptIds };
}

export async function resolveAssignees(
  ctx: RuntimeContext,
  tx: Tx,
  config: UserTaskConfig,
  parties: InstanceParties,
  variables: Variables,
): Promise<Resolution> {
  let users: string[] = [];
  let groupBased = false;
  switch (config.assigneeType) {
    case 'user':
      users = await enabledUsers(ctx, tx, { ids: idsOf(config.assignee) });
      break;
    case 'role':
      users = await enabledUsers(ctx, tx, { roleIds: idsOf(config.assignee) });
      groupBased = true;
      break;
    case 'dept':
      users = await enabledUsers(ctx, tx, { deptIds: idsOf(config.assignee) });
      groupBased = true;
      break;
    case 'deptLeader':
      users = await deptLeader(ctx, tx, parties.startDeptId);
      break;
    case 'initiator':
      users = await enabledUsers(ctx, tx, { ids: [parties.startUserId] });
      break;
    case 'expression':
      users = await enabledUsers(ctx, tx, { ids: expressionUsers(config.assignee, variables) });
      break;
  }
  const groups = groupsOf(config.candidateGroups);
  const hasGroups = groups.roleIds.length + groups.deptIds.length > 0;
  if (hasGroups) users = [...new Set([...users, ...(await enabledUsers(ctx, tx, groups))])];
  return { userIds: users.slice(0, MAX_USERS), asCandidates: groupBased || hasGroups || users.length > 1 };
}
