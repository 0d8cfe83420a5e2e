/**
 * The processes the caller may start (the start page, processList/start-list): per process key of the caller's
 * tenant its latest deployment — offered only while active (a suspended current definition is not started; an
 * older version is not brought back) — and only when the model's scopes admit the caller (modelScopes.ts).
 */
import type { DbClient } from '../../db/pool.js';
import type { LocalContext } from '../../engine/localApi.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { startPermissions } from './modelScopes.js';

export interface StartableDeployment {
  id: string;
  tenantId: string;
  processKey: string;
  name: string;
  processVersion: number;
  categoryId: string | null;
  modelId: string | null;
  deployTime: string;
  suspension: number;
  formKey: string | null;
}

/** The latest deployment of every key of the tenant, without the XML. */
export async function latestDeployments(ctx: LocalContext, tx?: DbClient): Promise<StartableDeployment[]> {
  const q = scopedQuery(ctx, tx ?? ctx.db);
  const d = await q.from('flow/deployment', 'd', 'tenant');
  return q.rows<StartableDeployment>(
    `SELECT DISTINCT ON (${d.col('processKey')})
       ${d.col('id')}::text AS "id", ${d.col('tenantId')} AS "tenantId", ${d.col('processKey')} AS "processKey", ${d.col('name')} AS "name",
       ${d.col('processVersion')} AS "processVersion", ${d.col('categoryId')}::text AS "categoryId", ${d.col('modelId')}::text AS "modelId",
       to_char(${d.col('deployTime')}, 'YYYY-MM-DD HH24:MI:SS') AS "deployTime", ${d.col('suspension')} AS "suspension", ${d.col('formKey')} AS "formKey"
     FROM ${d.table} WHERE ${d.scope}
     ORDER BY ${d.col('processKey')}, ${d.col('processVersion')} DESC`,
  );
}

export async function startableDeployments(ctx: LocalContext, tx?: DbClient): Promise<StartableDeployment[]> {
  const active = (await latestDeployments(ctx, tx)).filter((row) => row.suspension === 1);
  const permitted = await startPermissions(
    ctx,
    tx,
    active.map((row) => row.processKey),
  );
  return active.filter((row) => permitted.get(row.processKey) !== false).sort((a, b) => a.name.localeCompare(b.name, 'zh'));
}
