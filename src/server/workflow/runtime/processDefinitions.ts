/**
 * Process definitions as the runtime runs them: a flow/deployment row (read in the caller's tenant) and
 * its XML parsed once — the summary (nodes with their rsc settings, flows) and the moddle context the
 * engine is built from. A deployment's XML never changes, so the parse is cached per deployment id;
 * the row itself (suspension, category) is read on every call.
 */
import { scopedQuery } from '../../engine/scopedQuery.js';
import { notFound } from '../../http/apiError.js';
import { executableProcess, readModdle, type ModdleContext, type ModdleElement, type ProcessNode, type ProcessSummary } from '../bpmn/parseProcessXml.js';
import { parseProcessXml } from '../bpmn/parseProcessXml.js';
import type { RuntimeContext, Tx } from './runtimeTypes.js';

export interface DeploymentHead {
  id: string;
  processKey: string;
  name: string;
  processVersion: number;
  categoryId: string | null;
  suspension: number;
  formKey: string | null;
}

export interface ProcessDefinition {
  deployment: DeploymentHead;
  summary: ProcessSummary;
  /** The moddle context with the standard multi-instance markers removed (the runtime does multi-instance itself). */
  moddleContext: ModdleContext;
  node(id: string): ProcessNode | undefined;
}

interface ParsedDefinition {
  summary: ProcessSummary;
  moddleContext: ModdleContext;
  nodes: Map<string, ProcessNode>;
}

const CACHE_LIMIT = 200;
const parsedCache = new Map<string, Promise<ParsedDefinition>>();

const definitionNotFound = () => notFound('流程定义不存在或已被删除', 'The process definition does not exist or was removed');

/** The user tasks' loop markers go: the engine sees one wait per node, the runtime makes the instances. */
function withoutLoops(context: ModdleContext): ModdleContext {
  const process = executableProcess(context);
  for (const element of (process.flowElements as ModdleElement[] | undefined) ?? []) {
    if (element.$type === 'bpmn:UserTask' && element.loopCharacteristics) delete element.loopCharacteristics;
  }
  return context;
}

async function parse(xml: string): Promise<ParsedDefinition> {
  const summary = await parseProcessXml(xml);
  const moddleContext = withoutLoops(await readModdle(xml));
  return { summary, moddleContext, nodes: new Map(summary.nodes.map((node) => [node.id, node])) };
}

async function deploymentHead(ctx: RuntimeContext, tx: Tx, deploymentId: string, withXml: boolean): Promise<(DeploymentHead & { xml?: string }) | undefined> {
  const q = scopedQuery(ctx, tx);
  const d = await q.from('flow/deployment', 'd', 'tenant');
  const [row] = await q.rows<DeploymentHead & { xml?: string }>(
    `SELECT ${d.col('id')}::text AS "id", ${d.col('processKey')} AS "processKey", ${d.col('name')} AS "name",
            ${d.col('processVersion')} AS "processVersion", ${d.col('categoryId')}::text AS "categoryId",
            ${d.col('suspension')} AS "suspension", ${d.col('formKey')} AS "formKey"${withXml ? `, ${d.col('xml')} AS "xml"` : ''}
       FROM ${d.table} WHERE ${d.scope} AND ${d.col('id')} = ${q.param(deploymentId)}::bigint`,
  );
  return row;
}

/** The deployment of the caller's tenant with its parsed process (404 when the tenant has no such deployment). */
export async function loadProcessDefinition(ctx: RuntimeContext, tx: Tx, deploymentId: string): Promise<ProcessDefinition> {
  if (!/^[1-9][0-9]{0,18}$/.test(deploymentId)) throw definitionNotFound();
  const cached = parsedCache.get(deploymentId);
  const head = await deploymentHead(ctx, tx, deploymentId, !cached);
  if (!head) throw definitionNotFound();
  let parsed = cached;
  if (!parsed) {
    parsed = parse(head.xml ?? '');
    parsedCache.set(deploymentId, parsed);
    parsed.catch(() => parsedCache.delete(deploymentId));
    if (parsedCache.size > CACHE_LIMIT) parsedCache.delete(parsedCache.keys().next().value as string);
  }
  const { summary, moddleContext, nodes } = await parsed;
  delete head.xml;
  return { deployment: head, summary, moddleContext, node: (id) => nodes.get(id) };
}

/** The latest active deployment of a process key in the caller's tenant. */
export async function latestDeploymentId(ctx: RuntimeContext, tx: Tx, processKey: string): Promise<string | undefined> {
  const q = scopedQuery(ctx, tx);
  const d = await q.from('flow/deployment', 'd', 'tenant');
  const [row] = await q.rows<{ id: string }>(
    `SELECT ${d.col('id')}::text AS "id" FROM ${d.table} WHERE ${d.scope} AND ${d.col('processKey')} = ${q.param(processKey)}
      ORDER BY ${d.col('processVersion')} DESC LIMIT 1`,
  );
  return row?.id;
}
