/**
 * What a completing task may write into the process variables (review 14, M1): the fields its form
 * declares — the node's form, else the process's start form, as the detail page shows it — unless the
 * node shows its form read-only; plus `pass` and `comment`. Anything else is refused naming the
 * variable, so an approver cannot overwrite what the starter entered unless the step's form lets them.
 * A value sent back unchanged is not a change (the console's task form posts every value it shows).
 */
import { localApi } from '../../engine/localApi.js';
import { badRequest } from '../../http/apiError.js';
import type { ProcessNode } from '../bpmn/parseProcessXml.js';
import type { ProcessDefinition } from './processDefinitions.js';
import type { RuntimeContext, TaskRow, Tx, Variables } from './runtimeTypes.js';

/** Variables every completion may set. */
const ALWAYS_SETTABLE = ['pass', 'comment'];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The field names of a stored Formily content (its top-level properties not marked read-only). */
export function editableFieldNames(content: string | null | undefined): string[] {
  if (!content) return [];
  let schema: unknown;
  try {
    schema = JSON.parse(content);
  } catch {
    return [];
  }
  const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
  return Object.entries(properties)
    .filter(([, field]) => isObject(field) && field['x-read-only'] !== true && field['x-disabled'] !== true && field['x-pattern'] === undefined)
    .map(([name]) => name);
}

/** The names the task's form lets its assignee set. */
async function settableNames(ctx: RuntimeContext, tx: Tx, definition: ProcessDefinition, node: ProcessNode, task: TaskRow): Promise<Set<string>> {
  const names = new Set(ALWAYS_SETTABLE);
  if (node.userTask?.formReadonly) return names;
  const formKey = task.formKey || node.userTask?.formKey || definition.deployment.formKey;
  if (!formKey) return names;
  const form = await localApi(ctx, tx).tenantWide().findOne('flow/form', { formKey });
  for (const name of editableFieldNames(form?.content)) names.add(name);
  return names;
}

/** The completion's variables the task may set (unchanged values of other names dropped); a change of any other is a 400 naming it. */
export async function settableVariables(
  ctx: RuntimeContext,
  tx: Tx,
  definition: ProcessDefinition,
  node: ProcessNode,
  task: TaskRow,
  stored: Variables,
  sent: Variables,
): Promise<Variables> {
  if (Object.keys(sent).length === 0) return {};
  const settable = await settableNames(ctx, tx, definition, node, task);
  const allowed: Variables = {};
  for (const [name, value] of Object.entries(sent)) {
    if (settable.has(name)) allowed[name] = value;
    else if (JSON.stringify(value) !== JSON.stringify(stored[name]))
      throw badRequest(
        `流程变量「${name}」不是本步骤表单的可填字段，不能修改`,
        `The variable "${name}" is not an editable field of this step's form and cannot be changed`,
      );
  }
  return allowed;
}
