/**
 * The workbench's to-do list (GET /api/blade-desk/todos): what waits for the
 * caller, counted from the data — records awaiting a review the caller may
 * give, hazards awaiting a rectification the caller may record. A to-do
 * shows only when the caller holds the button that acts on it, and counts
 * only the rows the caller may see (the local API applies the tenant and the
 * caller's data scope), so the console shows the same whichever top menu is
 * chosen. Events waiting for the caller (sign for, handle, re-check) follow
 * the records (eventTodos.ts), then the workflow tasks (workflowTodos.ts).
 */
import type { EntityTypeMap, SchemaId } from '../../../shared/generated/entityTypes.js';
import { hasButton } from '../../auth/permissions.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { localApi, type Where } from '../../engine/localApi.js';
import { eventTodosOf } from './eventTodos.js';
import { workflowTodosOf } from './workflowTodos.js';

interface TodoDefinition<K extends SchemaId = SchemaId> {
  key: string;
  schemaId: K;
  where: Where<EntityTypeMap[K]>;
  /** The button that lets the caller deal with the rows. */
  button: string;
}

const define = <K extends SchemaId>(todo: TodoDefinition<K>): TodoDefinition => todo as unknown as TodoDefinition;

export const TODOS: readonly TodoDefinition[] = [
  define({ key: 'inspectPending', schemaId: 'inspect/record', where: { auditStatus: 0 }, button: 'inspect_record_audit' }),
  define({ key: 'maintainPending', schemaId: 'maintain/record', where: { auditStatus: 0 }, button: 'maintain_record_audit' }),
  define({ key: 'cleanPending', schemaId: 'clean/record', where: { auditStatus: 0 }, button: 'clean_record_audit' }),
  define({ key: 'risksOpen', schemaId: 'urgent/risk', where: { riskStatus: 1 }, button: 'urgent_risk_edit' }),
  define({ key: 'risksInProgress', schemaId: 'urgent/risk', where: { riskStatus: 2 }, button: 'urgent_risk_edit' }),
];

export interface Todo {
  key: string;
  schemaId: string;
  /** The page that lists the rows when it is not the register's main page (an event view: /event/processing/index). */
  path?: string;
  /** The list filter that shows the rows (query parameters of the register's page). */
  filter: Record<string, string>;
  count: number;
}

/** The caller's to-dos with something waiting, in the order above, then the events and the workflow tasks. */
export async function todosOf(ctx: ActionContext): Promise<Todo[]> {
  const api = localApi(ctx);
  const todos: Todo[] = [];
  for (const todo of TODOS) {
    if (!(await hasButton(ctx.db, ctx.caller, todo.button))) continue;
    const count = await api.count(todo.schemaId, todo.where as Where<EntityTypeMap[SchemaId]>);
    if (count === 0) continue;
    const filter = Object.fromEntries(Object.entries(todo.where).map(([field, value]) => [field, String(value)]));
    todos.push({ key: todo.key, schemaId: todo.schemaId, filter, count });
  }
  return [...todos, ...(await eventTodosOf(ctx)), ...(await workflowTodosOf(ctx))];
}

defineActions('desk/notice', { todos: todosOf });
