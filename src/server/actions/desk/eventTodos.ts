/**
 * The events waiting for the caller (contract §B, workbench to-dos): counted
 * through the local API, so only events the caller may see count (tenant,
 * data scope), and only where the caller holds the button that acts on them:
 * - to sign for: status 1 待签收, with the accept button;
 * - to handle: status 2 处理中 whose handler is the caller — or, for holders of
 *   the department-process button, whose handling department is the caller's;
 * - to re-check: status 3 待复核, with the audit or the river chief's approve
 *   button, unless the caller handled it (nobody re-checks their own work).
 * Each links to the event page that lists it (the register's views).
 */
import { hasButton } from '../../auth/permissions.js';
import type { ActionContext } from '../../engine/actions.js';
import { entityModel } from '../../engine/entityRegistry.js';
import { localApi, type LocalApi } from '../../engine/localApi.js';
import type { Todo } from './todos.js';

const EVENT = 'inspect/event';

/** The button of the event binding that performs a transition (the schema's, so a renamed code follows). */
export function eventButton(transition: string): string {
  const binding = entityModel(EVENT).bindings.find((b) => b.transition?.name === transition && b.button);
  if (!binding?.button) throw new Error(`inspect/event has no binding with a button for the transition "${transition}"`);
  return binding.button;
}

/** The page path of the event list read through a binding (the main page or one of its views). */
export function eventPage(list: string): string {
  const page = entityModel(EVENT).schema['x-page']!;
  const path = page.list === list ? page.path : page.views?.find((view) => view.list === list)?.path;
  if (!path) throw new Error(`inspect/event has no page listing through "${list}"`);
  return path;
}

async function holdsAny(ctx: ActionContext, transitions: string[]): Promise<boolean> {
  for (const transition of transitions) if (await hasButton(ctx.db, ctx.caller, eventButton(transition))) return true;
  return false;
}

async function toSignFor(ctx: ActionContext, api: LocalApi): Promise<number> {
  return (await holdsAny(ctx, ['accept'])) ? api.count(EVENT, { status: 1 }) : 0;
}

async function toHandle(ctx: ActionContext, api: LocalApi): Promise<number> {
  const { userId, deptId } = ctx.caller;
  let count = (await holdsAny(ctx, ['process', 'chiefProcess', 'deptProcess'])) ? await api.count(EVENT, { status: 2, handlerId: userId }) : 0;
  if (deptId && (await holdsAny(ctx, ['deptProcess']))) {
    // The department's events handled by someone else (or by nobody named): the caller's own are counted above.
    count += await api.count(EVENT, { status: 2, handlerDeptId: deptId, handlerId: { ne: userId } });
    count += await api.count(EVENT, { status: 2, handlerDeptId: deptId, handlerId: null });
  }
  return count;
}

async function toReCheck(ctx: ActionContext, api: LocalApi): Promise<number> {
  if (!(await holdsAny(ctx, ['audit', 'chiefApprove']))) return 0;
  const { userId } = ctx.caller;
  return (await api.count(EVENT, { status: 3, handlerId: { ne: userId } })) + (await api.count(EVENT, { status: 3, handlerId: null }));
}

/** The caller's event to-dos with something waiting: sign for, handle, re-check. */
export async function eventTodosOf(ctx: ActionContext): Promise<Todo[]> {
  const api = localApi(ctx);
  const todos: Todo[] = [
    { key: 'eventsToAccept', schemaId: EVENT, path: eventPage('acceptPage'), filter: {}, count: await toSignFor(ctx, api) },
    { key: 'eventsToHandle', schemaId: EVENT, path: eventPage('processPage'), filter: { status: '2' }, count: await toHandle(ctx, api) },
    { key: 'eventsToReCheck', schemaId: EVENT, path: eventPage('processPage'), filter: { status: '3' }, count: await toReCheck(ctx, api) },
  ];
  return todos.filter((todo) => todo.count > 0);
}
