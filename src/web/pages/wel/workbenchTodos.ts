/**
 * What the workbench counts as waiting for someone: records to review,
 * hazards not yet rectified, plans in force. Each is a register's list with
 * a filter; the workbench shows it only to users whose menus hold that
 * register's page, and a click opens the page with the same filter.
 */
import { pageOfSchema } from '../../renderers/schemaPageLogic';

export interface WorkbenchTodo {
  key: 'inspectPending' | 'maintainPending' | 'cleanPending' | 'risksOpen' | 'risksInProgress' | 'plansActive';
  schemaId: string;
  filter: Record<string, string>;
}

export const WORKBENCH_TODOS: readonly WorkbenchTodo[] = [
  { key: 'inspectPending', schemaId: 'inspect/record', filter: { auditStatus: '0' } },
  { key: 'maintainPending', schemaId: 'maintain/record', filter: { auditStatus: '0' } },
  { key: 'cleanPending', schemaId: 'clean/record', filter: { auditStatus: '0' } },
  { key: 'risksOpen', schemaId: 'urgent/risk', filter: { riskStatus: '1' } },
  { key: 'risksInProgress', schemaId: 'urgent/risk', filter: { riskStatus: '2' } },
  { key: 'plansActive', schemaId: 'inspect/plan', filter: { planStatus: '2' } },
];

/** The to-dos whose page the user's menus hold, with the address that opens the page filtered. */
export function todosFor(menuPaths: ReadonlySet<string>, todos: readonly WorkbenchTodo[] = WORKBENCH_TODOS): (WorkbenchTodo & { link: string })[] {
  return todos.flatMap((todo) => {
    const path = pageOfSchema(todo.schemaId)?.path;
    return path && menuPaths.has(path) ? [{ ...todo, link: `${path}?${new URLSearchParams(todo.filter)}` }] : [];
  });
}
