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
  filter: Record<string, string>;
  count: number;
}

export async function fetchTodos(): Promise<WorkbenchTodo[]> {
  return (await request<Envelope<WorkbenchTodo[]>>({ url: '/blade-desk/todos' })).data.data ?? [];
}

/** The address that opens the to-do's rows: the register's page with the filter; undefined for a register without a page. */
export function todoLink(todo: Pick<WorkbenchTodo, 'schemaId' | 'filter'>): string | undefined {
  const path = pageOfSchema(todo.schemaId)?.path;
  return path ? `${path}?${new URLSearchParams(todo.filter)}` : undefined;
}
