/**
 * Who may start a model's process (flow/modelScope, contract 14 §1): no row = everyone (who has 我的事务);
 * otherwise the caller must match one row — everyone (1), one of the users (2), one of the roles (3), or a
 * member of one of the departments or of a department below it (4). Rows name the model; processes are
 * found by key, so a key's scopes are those of the tenant's model with modelKey = processKey.
 */
import type { DbClient, Queryable } from '../../db/pool.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';

export const SCOPE_EVERYONE = 1;
export const SCOPE_USERS = 2;
export const SCOPE_ROLES = 3;
export const SCOPE_DEPTS = 4;

export interface ScopeRow {
  scopeType: number;
  scopeValue?: string | null;
}

const listOf = (value: string | null | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** The caller's department and every department above it (a scope on a parent department covers its children). */
async function callerDepts(ctx: LocalContext, tx?: DbClient): Promise<Set<string>> {
  if (!ctx.caller.deptId) return new Set();
  const dept = await localApi(ctx, tx).tenantWide().findById('system/dept', ctx.caller.deptId);
  return new Set([ctx.caller.deptId, ...listOf(dept?.ancestors)]);
}

export function scopeAdmits(rows: ScopeRow[], caller: { userId: string; roleIds: string[] }, depts: Set<string>): boolean {
  if (rows.length === 0) return true;
  return rows.some((row) => {
    const values = listOf(row.scopeValue);
    if (row.scopeType === SCOPE_EVERYONE) return true;
    if (row.scopeType === SCOPE_USERS) return values.includes(caller.userId);
    if (row.scopeType === SCOPE_ROLES) return values.some((id) => caller.roleIds.includes(id));
    if (row.scopeType === SCOPE_DEPTS) return values.some((id) => depts.has(id));
    return false;
  });
}

/** For each process key, whether the caller may start it by the scopes of the tenant's model of that key. */
export async function startPermissions(ctx: LocalContext, tx: DbClient | undefined, processKeys: string[]): Promise<Map<string, boolean>> {
  const answer = new Map(processKeys.map((key) => [key, true]));
  if (processKeys.length === 0) return answer;
  const api = localApi(ctx, tx).tenantWide();
  const models = await api.find('flow/model', { where: { modelKey: processKeys } });
  if (models.length === 0) return answer;
  const scopes = await api.find('flow/modelScope', { where: { modelId: models.map((model) => model.id) } });
  if (scopes.length === 0) return answer;
  const depts = await callerDepts(ctx, tx);
  for (const model of models) {
    const rows = scopes.filter((scope) => scope.modelId === model.id) as ScopeRow[];
    answer.set(model.modelKey, scopeAdmits(rows, ctx.caller, depts));
  }
  return answer;
}

/** Whether the caller may start the process of this key (H2 checks it on start). */
export async function mayStartProcess(ctx: LocalContext, tx: DbClient | Queryable | undefined, processKey: string): Promise<boolean> {
  return (await startPermissions(ctx, tx as DbClient | undefined, [processKey])).get(processKey) ?? true;
}
