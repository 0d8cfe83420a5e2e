/**
 * The workbench's to-dos as the server counts them (GET /blade-desk/todos,
 * src/server/actions/desk/todos.ts): what waits for the caller, whatever top
 * menu is chosen. Each opens its register's page with the same filter.
 */
import type { Envelope } from '../../../shared/envelope';
import { request } from '../../api/http';
import { pageOfSchema } from '../../renderers/schemaPageLogic';

export interface WorkbenchTodo {
  key: string;
  schemaId: string;
  /** The page listing the rows when it is not the register's main page (an event list view). */
  path?: string;
  filter: Record<string, string>;
  count: number;
}

export async function fetchTodos(): Promise<WorkbenchTodo[]> {
  return (await request<Envelope<WorkbenchTodo[]>>({ url: '/blade-desk/todos' })).data.data ?? [];
}

/** The address that opens the to-do's rows: the page the server names (else the register's page) with the filter; undefined without a page. */
export function todoLink(todo: Pick<WorkbenchTodo, 'schemaId' | 'filter' | 'path'>): string | undefined {
  const path = todo.path ?? pageOfSchema(todo.schemaId)?.path;
  if (!path) return undefined;
  const query = new URLSearchParams(todo.filter).toString();
  return query ? `${path}?${query}` : path;
}

/** The i18n key of a tile's title: the river chief knows the events to sign for as 问题台账, as the menu names that page for them. */
export function todoLabelKey(todo: Pick<WorkbenchTodo, 'key'>, roles: readonly string[]): string {
  return todo.key === 'eventsToAccept' && roles.includes('river_chief') ? 'wel.todos.eventsLedger' : `wel.todos.${todo.key}`;
}
