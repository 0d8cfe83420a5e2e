/**
 * The workflow tasks waiting for the caller (contract 14 §7, workbench
 * to-dos): open tasks assigned to the caller (待办事务, key workflowTodo) and
 * open unclaimed tasks of which the caller is a candidate (待签事务, key
 * workflowClaim), of running instances — each only when the caller holds the
 * button that acts on it, counted as the task centre lists them.
 */
import { hasButton } from '../../auth/permissions.js';
import type { ActionContext } from '../../engine/actions.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { INSTANCE_STATUS, TASK_STATUS } from '../../workflow/api/instanceAccess.js';
import type { Todo } from './todos.js';

const TASK = 'flow/task';

async function openTaskCounts(ctx: ActionContext): Promise<{ assigned: number; claimable: number }> {
  const q = scopedQuery(ctx);
  const t = await q.from(TASK, 't', 'tenant');
  const i = await q.from('flow/processInstance', 'i', 'tenant');
  const me = `${q.param(ctx.caller.userId)}::bigint`;
  const [counts] = await q.rows<{ assigned: number; claimable: number }>(
    `SELECT count(*) FILTER (WHERE ${t.col('assigneeId')} = ${me})::int AS assigned,
            count(*) FILTER (WHERE ${t.col('assigneeId')} IS NULL AND (${me})::text = ANY(string_to_array(${t.col('candidateUserIds')}, ',')))::int AS claimable
       FROM ${t.table} JOIN ${i.table} ON ${i.col('id')} = ${t.col('processInstanceId')} AND ${i.scope}
      WHERE ${t.scope} AND ${t.col('status')} = ${TASK_STATUS.open} AND ${i.col('status')} = ${INSTANCE_STATUS.running}
        AND (${t.col('assigneeId')} = ${me} OR ${t.col('assigneeId')} IS NULL)`,
  );
  return counts;
}

export async function workflowTodosOf(ctx: ActionContext): Promise<Todo[]> {
  const mayHandle = await hasButton(ctx.db, ctx.caller, 'work_todo_handle');
  const mayClaim = await hasButton(ctx.db, ctx.caller, 'work_claim_claim');
  if (!mayHandle && !mayClaim) return [];
  const { assigned, claimable } = await openTaskCounts(ctx);
  const todos: Todo[] = [];
  if (mayHandle && assigned > 0) todos.push({ key: 'workflowTodo', schemaId: TASK, path: '/work/todo', filter: {}, count: assigned });
  if (mayClaim && claimable > 0) todos.push({ key: 'workflowClaim', schemaId: TASK, path: '/work/claim', filter: {}, count: claimable });
  return todos;
}
