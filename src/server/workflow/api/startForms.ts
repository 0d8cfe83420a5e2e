/**
 * What the start page needs of a definition (contract 14 §5):
 * `{processDefinitionId, processKey, name, formKey, form}`, the form with its
 * default values filled in for the caller; and the start list (FlowProcess
 * rows) from the design side's startableDeployments (latest active version
 * per key, admitted by the model's scopes).
 */
import type { ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { startableDeployments } from '../design/startable.js';
import { txOf } from './actionInput.js';
import { formContent, type Deployment } from './definitions.js';
import { pageOf, type ListFilters } from './listFilters.js';
import { resolveStartFormDefaults } from './startFormDefaults.js';

export async function startFormOf(ctx: ActionContext, deployment: Deployment) {
  const content = await formContent(ctx, deployment.formKey);
  return {
    processDefinitionId: deployment.id,
    processKey: deployment.processKey,
    name: deployment.name,
    formKey: deployment.formKey ?? null,
    form: content ? await resolveStartFormDefaults(ctx, content) : null,
  };
}

/** Literal, case-insensitive "contains", as the lists' ILIKE filters match. */
function matches(text: string | null | undefined, word: string): boolean {
  return (text ?? '').toLowerCase().includes(word.toLowerCase());
}

/** One page of the processes the caller may start, as FlowProcess rows. */
export async function startListPage(ctx: ActionContext, filters: ListFilters) {
  const startable = await startableDeployments(ctx, txOf(ctx));
  const word = filters.processDefinitionName ?? filters.title;
  const chosen = startable.filter(
    (row) => (!word || matches(row.name, word) || matches(row.processKey, word)) && (!filters.categoryId || row.categoryId === filters.categoryId),
  );
  const start = (filters.current - 1) * filters.size;
  const page = chosen.slice(start, start + filters.size);
  const categoryIds = [...new Set(page.map((row) => row.categoryId).filter((id): id is string => Boolean(id)))];
  const categories = categoryIds.length
    ? await localApi(ctx, txOf(ctx))
        .tenantWide()
        .find('flow/category', { where: { id: { in: categoryIds } } })
    : [];
  const categoryName = new Map(categories.map((row) => [row.id, row.name]));
  const records = page.map((row) => ({
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    key: row.processKey,
    category: row.categoryId,
    categoryName: row.categoryId ? (categoryName.get(row.categoryId) ?? null) : null,
    version: row.processVersion,
    deploymentId: row.id,
    suspensionState: row.suspension,
    deploymentTime: row.deployTime,
    formKey: row.formKey,
  }));
  return pageOf(records, chosen.length, filters);
}
