/**
 * Deploying a process (contract 14 §1): the XML is parsed (parseProcessXml refuses what the runtime cannot
 * run, with its message), then each target tenant — the caller's own, or, for the platform administrator
 * only, the tenants named — is checked against its package and gets a flow/deployment row: version = the
 * tenant's highest version of that processKey + 1, the parse summary's nodes, the XML and the start form.
 * Everything happens in the caller's transaction: a refusal for one tenant deploys to none.
 */
import type { FlowDeployment } from '../../../shared/generated/entityTypes.js';
import { isPlatformAdmin } from '../../auth/permissions.js';
import type { DbClient } from '../../db/pool.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';
import { badRequest, forbidden } from '../../http/apiError.js';
import { MAX_XML_BYTES, parseProcessXml, type ProcessSummary } from '../bpmn/parseProcessXml.js';
import { databaseNow } from './databaseNow.js';
import { assertTenantMayDeploy } from './tenantPackages.js';

/** The most tenants one deploy call writes to. */
export const MAX_DEPLOY_TENANTS = 50;

export interface DeployInput {
  xml: string;
  /** A category of the caller's tenant; another tenant gets its category of the same code, if it has one. */
  categoryId?: string | null;
  modelId?: string | null;
  modelHistoryId?: string | null;
  /** Target tenants; empty = the caller's. */
  tenantIds?: string[];
}

/** The XML within the size limit and parsed (400 with the parser's message otherwise). */
export async function parsedProcess(xml: unknown): Promise<ProcessSummary> {
  if (typeof xml !== 'string' || xml.trim() === '') throw badRequest('请提供流程 XML', 'Please provide the process XML');
  if (Buffer.byteLength(xml, 'utf8') > MAX_XML_BYTES) {
    throw badRequest(`流程 XML 不能超过 ${MAX_XML_BYTES / 1024 / 1024} MB`, `The process XML must not exceed ${MAX_XML_BYTES / 1024 / 1024} MB`);
  }
  return parseProcessXml(xml);
}

/** The context of a caller acting in another tenant: the same user, that tenant's rows. */
function inTenant(ctx: LocalContext, tenantId: string): LocalContext {
  return tenantId === ctx.caller.tenantId ? ctx : { ...ctx, caller: { ...ctx.caller, tenantId } };
}

/** The tenants to deploy to: the caller's own unless the platform administrator names others (each must exist). */
async function targetTenants(ctx: LocalContext, tx: DbClient, requested: string[] | undefined): Promise<string[]> {
  const tenantIds = [...new Set(requested ?? [])];
  if (tenantIds.length === 0) return [ctx.caller.tenantId];
  if (tenantIds.length > MAX_DEPLOY_TENANTS)
    throw badRequest(`一次最多部署到 ${MAX_DEPLOY_TENANTS} 个租户`, `Deploy to at most ${MAX_DEPLOY_TENANTS} tenants at once`);
  const others = tenantIds.filter((id) => id !== ctx.caller.tenantId);
  if (others.length && !(await isPlatformAdmin(tx, ctx.caller))) {
    throw forbidden('只有平台管理员可以部署到其他租户', 'Only the platform administrator may deploy to other tenants');
  }
  const api = localApi(ctx, tx);
  for (const tenantId of others) {
    if (!/^[0-9]{6}$/.test(tenantId) || !(await api.findOne('system/tenant', { tenantId }))) {
      throw badRequest(`租户 ${tenantId.slice(0, 20)} 不存在`, `The tenant ${tenantId.slice(0, 20)} does not exist`);
    }
  }
  return tenantIds;
}

/** The caller's category, checked; for another tenant the category of the same code there (or none). */
async function categoryFor(ctx: LocalContext, tx: DbClient, tenantId: string, categoryId: string | null | undefined): Promise<string | null> {
  if (!categoryId) return null;
  const own = await localApi(ctx, tx).tenantWide().findById('flow/category', categoryId);
  if (!own) throw badRequest('所选流程分类不存在或已被删除', 'The chosen category does not exist or was removed');
  if (tenantId === ctx.caller.tenantId) return own.id;
  const there = await localApi(inTenant(ctx, tenantId), tx).tenantWide().findOne('flow/category', { code: own.code });
  return there?.id ?? null;
}

/** The next version of a process key in a tenant; the advisory lock keeps two deploys of one key in line. */
async function nextVersion(ctx: LocalContext, tx: DbClient, processKey: string): Promise<number> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`flow_deployment:${ctx.caller.tenantId}:${processKey}`]);
  const [latest] = await localApi(ctx, tx)
    .tenantWide()
    .find('flow/deployment', { where: { processKey }, sort: ['processVersion desc'], limit: 1 });
  return (latest?.processVersion ?? 0) + 1;
}

/** Deploys the XML to each target tenant; answers the new deployment rows (without their XML). */
export async function deployProcess(ctx: LocalContext, tx: DbClient, input: DeployInput): Promise<FlowDeployment[]> {
  const summary = await parsedProcess(input.xml);
  const tenants = await targetTenants(ctx, tx, input.tenantIds);
  for (const tenantId of tenants) await assertTenantMayDeploy(ctx, tx, tenantId, summary.processKey);
  const deployTime = await databaseNow(tx);
  const created: FlowDeployment[] = [];
  for (const tenantId of tenants) {
    const tenantCtx = inTenant(ctx, tenantId);
    const isOwn = tenantId === ctx.caller.tenantId;
    const row = await localApi(tenantCtx, tx).create('flow/deployment', {
      processKey: summary.processKey,
      name: summary.name || summary.processKey,
      processVersion: await nextVersion(tenantCtx, tx, summary.processKey),
      categoryId: (await categoryFor(ctx, tx, tenantId, input.categoryId)) ?? undefined,
      xml: input.xml,
      // A model and its history are the caller's tenant's rows: another tenant's deployment names none.
      modelId: isOwn ? (input.modelId ?? undefined) : undefined,
      modelHistoryId: isOwn ? (input.modelHistoryId ?? undefined) : undefined,
      deployTime,
      suspension: 1,
      formKey: summary.formKey,
      nodes: summary.nodes as unknown as FlowDeployment['nodes'],
    });
    created.push({ ...row, xml: undefined, nodes: undefined } as unknown as FlowDeployment);
  }
  return created;
}
