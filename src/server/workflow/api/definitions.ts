/**
 * Process definitions (flow/deployment rows) and forms as the process pages
 * read them: by id or by key (the newest active version), the node settings
 * of a user task from the deployment's stored summary, and a form's content
 * by formKey.
 */
import type { EntityTypeMap } from '../../../shared/generated/entityTypes.js';
import { isIdString } from '../../db/ids.js';
import type { ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { badRequest, notFound } from '../../http/apiError.js';
import type { ProcessNode } from '../bpmn/parseProcessXml.js';
import { safeFormSchema } from '../design/formFieldRules.js';
import { txOf } from './actionInput.js';

export type Deployment = EntityTypeMap['flow/deployment'];
export const DEPLOYMENT_ACTIVE = 1;

const definitionNotFound = () => notFound('流程定义不存在', 'The process definition does not exist');

export async function deploymentById(ctx: ActionContext, id: string | null | undefined): Promise<Deployment> {
  if (!isIdString(id)) throw definitionNotFound();
  const found = await localApi(ctx, txOf(ctx)).tenantWide().findById('flow/deployment', id);
  if (!found) throw definitionNotFound();
  return found;
}

/** The newest version of a key; it must be active to be started. */
export async function latestDeploymentByKey(ctx: ActionContext, processKey: string): Promise<Deployment> {
  if (!/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/.test(processKey))
    throw badRequest('参数 processDefinitionKey 不正确', 'The parameter processDefinitionKey is not valid');
  const [found] = await localApi(ctx, txOf(ctx))
    .tenantWide()
    .find('flow/deployment', { where: { processKey }, sort: ['processVersion desc'], limit: 1 });
  if (!found) throw definitionNotFound();
  return found;
}

export function assertStartable(deployment: Deployment): void {
  if (Number(deployment.suspension) !== DEPLOYMENT_ACTIVE)
    throw badRequest('流程定义已挂起，不能发起', 'The process definition is suspended and cannot be started');
}

/** A node of the deployed process (its user-task settings: form, read-only form, buttons). */
export function nodeOf(deployment: Deployment, nodeId: string | null | undefined): ProcessNode | undefined {
  const nodes = Array.isArray(deployment.nodes) ? (deployment.nodes as unknown as ProcessNode[]) : [];
  return nodes.find((node) => node.id === nodeId);
}

/** A form's Formily schema by formKey, reduced to the allowed keys (null when none is set or the form was removed). */
export async function formContent(ctx: ActionContext, formKey: string | null | undefined): Promise<Record<string, unknown> | null> {
  if (!formKey) return null;
  const form = await localApi(ctx, txOf(ctx)).tenantWide().findOne('flow/form', { formKey });
  if (!form?.content) return null;
  try {
    const content = JSON.parse(form.content) as unknown;
    // Only what the form rules allow is answered: a form stored before them may hold Formily expressions.
    return content && typeof content === 'object' && !Array.isArray(content) ? safeFormSchema(content as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The process variables stored as JSON text (an empty object when none). */
export function variablesOfInstance(instance: { variables?: string | null }): Record<string, unknown> {
  if (!instance.variables) return {};
  try {
    const parsed = JSON.parse(instance.variables) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
