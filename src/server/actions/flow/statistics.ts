/**
 * Workflow statistics of the caller's tenant (menu 流程统计): index counts the models, deployments, running and
 * completed instances, open and overdue tasks and the caller's own open tasks; bar counts per process the instances
 * started, completed and still running in a date range (default: the last 12 months) and per month the instances
 * started and completed. Everything is counted in SQL through scopedQuery (the tenant's rows, by field name).
 */
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { isDateString } from '../../engine/validation.js';
import { badRequest } from '../../http/apiError.js';
import { databaseNow } from '../../workflow/design/databaseNow.js';
import { paramsOf } from '../system/actionParams.js';

const RUNNING = 1;
const COMPLETED = 2;
const OPEN = 1;
const MAX_RANGE_DAYS = 3660;

async function taskCounts(ctx: ActionContext, now: string) {
  const q = scopedQuery(ctx);
  const t = await q.from('flow/task', 't', 'tenant');
  const me = q.param(ctx.caller.userId);
  const [row] = await q.rows<{ open: number; overdue: number; mine: number }>(
    `SELECT count(*)::int AS "open",
       count(*) FILTER (WHERE ${t.col('dueTime')} < ${q.param(now)}::timestamp)::int AS "overdue",
       count(*) FILTER (WHERE ${t.col('assigneeId')} = ${me}::bigint
         OR (${t.col('assigneeId')} IS NULL AND ',' || coalesce(${t.col('candidateUserIds')}, '') || ',' LIKE '%,' || ${me} || ',%'))::int AS "mine"
     FROM ${t.table} WHERE ${t.scope} AND ${t.where({ status: OPEN })}`,
  );
  return row;
}

async function index(ctx: ActionContext) {
  const api = localApi(ctx).tenantWide();
  const now = await databaseNow(ctx.db);
  const tasks = await taskCounts(ctx, now);
  return {
    models: await api.count('flow/model'),
    deployments: await api.count('flow/deployment'),
    runningInstances: await api.count('flow/processInstance', { status: RUNNING }),
    completedInstances: await api.count('flow/processInstance', { status: COMPLETED }),
    openTasks: tasks.open,
    overdueTasks: tasks.overdue,
    myOpenTasks: tasks.mine,
  };
}

/** The range [start, end] as dates (yyyy-MM-dd): given, or the 12 months up to today. */
async function rangeOf(ctx: ActionContext): Promise<{ start: string; end: string }> {
  const params = paramsOf(ctx);
  const given = (name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') return undefined;
    const text = String(value).slice(0, 10);
    if (!isDateString(text)) throw badRequest(`参数 ${name} 须是日期 yyyy-MM-dd`, `The parameter ${name} must be a date yyyy-MM-dd`);
    return text;
  };
  const today = (await databaseNow(ctx.db)).slice(0, 10);
  const end = given('endTime') ?? given('endDate') ?? today;
  const yearBefore = `${Number(end.slice(0, 4)) - 1}${end.slice(4, 7)}-01`;
  const start = given('startTime') ?? given('startDate') ?? yearBefore;
  if (start > end) throw badRequest('开始日期不能晚于结束日期', 'The start date cannot be after the end date');
  if ((Date.parse(end) - Date.parse(start)) / 86_400_000 > MAX_RANGE_DAYS) throw badRequest('统计范围不能超过10年', 'The range cannot exceed 10 years');
  return { start, end };
}

async function bar(ctx: ActionContext) {
  const { start, end } = await rangeOf(ctx);
  const q = scopedQuery(ctx);
  const p = await q.from('flow/processInstance', 'p', 'tenant');
  const from = q.param(start);
  const until = q.param(end);
  const startedIn = `${p.col('startTime')} >= ${from}::date AND ${p.col('startTime')} < ${until}::date + 1`;
  const endedIn = `${p.col('endTime')} >= ${from}::date AND ${p.col('endTime')} < ${until}::date + 1`;
  const byProcess = await q.rows(
    `SELECT ${p.col('processKey')} AS "processKey", max(${p.col('processName')}) AS "processName",
       count(*) FILTER (WHERE ${startedIn})::int AS "started",
       count(*) FILTER (WHERE ${endedIn} AND ${p.col('status')} = ${COMPLETED})::int AS "completed",
       count(*) FILTER (WHERE ${startedIn} AND ${p.col('status')} = ${RUNNING})::int AS "running"
     FROM ${p.table} WHERE ${p.scope} AND ((${startedIn}) OR (${endedIn}))
     GROUP BY ${p.col('processKey')} ORDER BY "started" DESC, "processKey"`,
  );
  const byMonth = await q.rows(
    `WITH months AS (SELECT to_char(m, 'YYYY-MM') AS "month" FROM generate_series(date_trunc('month', ${from}::date), ${until}::date, interval '1 month') AS m)
     SELECT months."month",
       (SELECT count(*)::int FROM ${p.table} WHERE ${p.scope} AND ${startedIn} AND to_char(${p.col('startTime')}, 'YYYY-MM') = months."month") AS "started",
       (SELECT count(*)::int FROM ${p.table} WHERE ${p.scope} AND ${endedIn} AND ${p.col('status')} = ${COMPLETED} AND to_char(${p.col('endTime')}, 'YYYY-MM') = months."month") AS "completed"
     FROM months ORDER BY months."month"`,
  );
  return { startDate: start, endDate: end, byProcess, byMonth };
}

defineActions('flow/deployment', { statisticsIndex: index, statisticsBar: bar });
