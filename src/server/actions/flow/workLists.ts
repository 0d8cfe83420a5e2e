/**
 * The task centre's lists (contract 14 §6), each in the BladeFlow row shape,
 * answered under /api/blade-flow/work/* and /api/blade-workflow/process/*:
 * - claimList: open, unclaimed tasks of which the caller is a candidate;
 * - todoList: open tasks assigned to the caller (delegated ones included);
 * - sendList: the instances the caller started;
 * - doneList: the instances in which the caller handled a task (their latest such task);
 * - myDoneList: every task the caller handled;
 * - copyList: the instances copied to the caller (抄送), with the copy's id and read state.
 * Each binding names its 我的事务 menu; the tenant and soft delete come from
 * scopedQuery, the caller's rows from the conditions below.
 */
import type { ActionContext } from '../../engine/actions.js';
import { inputOf } from '../../workflow/api/actionInput.js';
import { INSTANCE_STATUS, TASK_STATUS } from '../../workflow/api/instanceAccess.js';
import { listFiltersOf } from '../../workflow/api/listFilters.js';
import { callerInList, taskListPage, time, type ListSpec } from '../../workflow/api/taskRows.js';

/** Tasks of instances that still run (a suspended one is listed; its actions refuse). */
const LIVE_INSTANCE = `(${INSTANCE_STATUS.running}, ${INSTANCE_STATUS.suspended})`;
/** What counts as the caller having handled a task: completed it, or sent it back. */
const HANDLED = `(${TASK_STATUS.completed}, ${TASK_STATUS.rolledBack})`;

const list = (spec: ListSpec) => (ctx: ActionContext) => taskListPage(ctx, spec, listFiltersOf(inputOf(ctx)));

const newestTasksFirst: ListSpec['order'] = ({ t }) => [`${t!.col('createTime')} DESC`, `${t!.col('id')} DESC`];
const newestHandledFirst: ListSpec['order'] = ({ t }) => [`${t!.col('endTime')} DESC NULLS LAST`, `${t!.col('id')} DESC`];

export const claimList = list({
  base: 'task',
  where: (tables) => {
    const { t, i } = tables;
    return [
      `${t!.col('status')} = ${TASK_STATUS.open}`,
      `${t!.col('assigneeId')} IS NULL`,
      callerInList(tables, t!.col('candidateUserIds')),
      `${i.col('status')} IN ${LIVE_INSTANCE}`,
    ];
  },
  order: newestTasksFirst,
});

export const todoList = list({
  base: 'task',
  where: ({ t, i, me }) => [`${t!.col('status')} = ${TASK_STATUS.open}`, `${t!.col('assigneeId')} = ${me}`, `${i.col('status')} IN ${LIVE_INSTANCE}`],
  order: newestTasksFirst,
});

export const sendList = list({
  base: 'instance',
  where: ({ i, me }) => [`${i.col('startUserId')} = ${me}`],
  order: ({ i }) => [`${i.col('startTime')} DESC`, `${i.col('id')} DESC`],
});

export const myDoneList = list({
  base: 'task',
  where: ({ t, me }) => [`${t!.col('status')} IN ${HANDLED}`, `${t!.col('assigneeId')} = ${me}`],
  order: newestHandledFirst,
});

/** One row per instance: the caller's latest handled task in it. */
export const doneList = list({
  base: 'task',
  where: async ({ q, t, me }) => {
    const later = await q.from('flow/task', 'later', 'tenant');
    return [
      `${t!.col('status')} IN ${HANDLED}`,
      `${t!.col('assigneeId')} = ${me}`,
      `NOT EXISTS (SELECT 1 FROM ${later.table} WHERE ${later.scope} AND ${later.col('processInstanceId')} = ${t!.col('processInstanceId')}
                     AND ${later.col('status')} IN ${HANDLED} AND ${later.col('assigneeId')} = ${me} AND ${later.col('id')} > ${t!.col('id')})`,
    ];
  },
  order: newestHandledFirst,
});

/** The copy register is the caller's own (x-owner): scopedQuery's caller reach keeps to the caller's copies. */
export const copyList = list({
  base: 'instance',
  join: async ({ q, i }) => {
    const p = await q.from('flow/copy', 'p');
    const from = await q.from('system/user', 'uf', 'tenant');
    return {
      sql: `JOIN ${p.table} ON ${p.col('processInstanceId')} = ${i.col('id')} AND ${p.scope}
            LEFT JOIN ${from.table} ON ${from.col('id')} = ${p.col('fromUserId')} AND ${from.scope}`,
      columns: [
        `${p.col('id')}::text AS "id"`,
        `${p.col('readStatus')} AS "readStatus"`,
        `${p.col('taskId')}::text AS "copyTaskId"`,
        `${p.col('fromUserId')}::text AS "fromUserId"`,
        `${from.col('realName')} AS "fromUserName"`,
        `${time(p.col('createTime'))} AS "copyTime"`,
      ],
      order: [`${p.col('createTime')} DESC`, `${p.col('id')} DESC`],
    };
  },
  where: () => [],
  order: ({ i }) => [`${i.col('startTime')} DESC`],
});
