/**
 * The task-centre lists in the BladeFlow row shape (contract 14 §6): one
 * query per page joins a register's rows (tasks, instances or copies) to
 * their instance, definition, category and the names of the people in
 * them, through scopedQuery — the tenant and soft delete of every register
 * come from the engine. Each list names its own rows with `where`
 * (conditions over the aliases below) and its own order.
 *
 * Aliases: t flow/task (absent on instance lists), i flow/processInstance,
 * d flow/deployment, c flow/category, ua system/user (the assignee), us
 * system/user (the starter).
 */
import type { ActionContext } from '../../engine/actions.js';
import { scopedQuery, type ScopedQuery, type ScopedTable } from '../../engine/scopedQuery.js';
import { containsPattern, pageOf, type ListFilters } from './listFilters.js';

export interface Tables {
  q: ScopedQuery;
  /** The caller's user id as a query parameter (bigint). */
  me: string;
  t?: ScopedTable;
  i: ScopedTable;
  d: ScopedTable;
  c: ScopedTable;
  ua: ScopedTable;
  us: ScopedTable;
}

/** What a list adds to the shared joins: the first register (tasks or instances), its rows and its order. */
export interface ListSpec {
  /** Tasks (t, joined to their instance) or instances alone (i; the task columns are empty). */
  base: 'task' | 'instance';
  /** Another register joined after the shared ones (the copies of a copy list): its JOIN, its output columns, its order. */
  join?: (tables: Tables) => Promise<Joined>;
  /** Conditions of the list's own rows (async: a condition may bring another register in). */
  where: (tables: Tables) => string[] | Promise<string[]>;
  /** ORDER BY items (a joined register's order, when it gives one, wins). */
  order: (tables: Tables) => string[];
}

export interface Joined {
  sql: string;
  /** Output columns, `expr AS "name"`. */
  columns: string[];
  order?: string[];
}

export const time = (column: string) => `to_char((${column})::timestamp, 'YYYY-MM-DD HH24:MI:SS')`;

async function tablesOf(ctx: ActionContext, base: ListSpec['base']): Promise<Tables> {
  const q = scopedQuery(ctx);
  let me: string | undefined;
  const tables = {
    q,
    t: base === 'task' ? await q.from('flow/task', 't', 'tenant') : undefined,
    i: await q.from('flow/processInstance', 'i', 'tenant'),
    d: await q.from('flow/deployment', 'd', 'tenant'),
    c: await q.from('flow/category', 'c', 'tenant'),
    ua: await q.from('system/user', 'ua', 'tenant'),
    us: await q.from('system/user', 'us', 'tenant'),
  };
  // The caller's id becomes a parameter only when a list uses it: an unused parameter has no type and fails the statement.
  return Object.defineProperty(tables, 'me', { get: () => (me ??= `${q.param(ctx.caller.userId)}::bigint`), enumerable: true }) as Tables;
}

/** FROM … JOIN …: tasks (or instances) with their instance, definition, category and people. */
function fromClause(tables: Tables): string {
  const { t, i, d, c, ua, us } = tables;
  const first = t ? `${t.table} JOIN ${i.table} ON ${i.col('id')} = ${t.col('processInstanceId')} AND ${i.scope}` : i.table;
  const assignee = t ? `LEFT JOIN ${ua.table} ON ${ua.col('id')} = ${t.col('assigneeId')} AND ${ua.scope}` : `LEFT JOIN ${ua.table} ON FALSE AND ${ua.scope}`;
  return `${first}
    LEFT JOIN ${d.table} ON ${d.col('id')} = ${i.col('deploymentId')} AND ${d.scope}
    LEFT JOIN ${c.table} ON ${c.col('id')} = ${d.col('categoryId')} AND ${c.scope}
    ${assignee}
    LEFT JOIN ${us.table} ON ${us.col('id')} = ${i.col('startUserId')} AND ${us.scope}`;
}

/** The BladeFlow columns (contract 14 §6). */
function rowColumns(tables: Tables): string[] {
  const { t, i, d, c, ua, us } = tables;
  const task = (field: string) => (t ? t.col(field) : 'NULL');
  return [
    `${task('id')}::text AS "taskId"`,
    `${t ? task('name') : i.col('currentNodeNames')} AS "taskName"`,
    `${task('taskDefinitionKey')} AS "taskDefinitionKey"`,
    `${task('assigneeId')}::text AS "assignee"`,
    `${ua.col('realName')} AS "assigneeName"`,
    `${d.col('categoryId')}::text AS "category"`,
    `${c.col('name')} AS "categoryName"`,
    `${time(t ? task('createTime') : i.col('startTime'))} AS "createTime"`,
    `${time(t ? task('endTime') : i.col('endTime'))} AS "endTime"`,
    `${time(task('claimTime'))} AS "claimTime"`,
    `${i.col('id')}::text AS "processInstanceId"`,
    `${i.col('deploymentId')}::text AS "processDefinitionId"`,
    `${i.col('processKey')} AS "processDefinitionKey"`,
    `COALESCE(${d.col('name')}, ${i.col('processName')}) AS "processDefinitionName"`,
    `${d.col('processVersion')} AS "processDefinitionVersion"`,
    `${i.col('businessTable')} AS "businessTable"`,
    `${i.col('businessId')} AS "businessId"`,
    `${t ? task('status') : i.col('status')} AS "status"`,
    `${task('comment')} AS "comment"`,
    `${task('flag')} AS "flag"`,
    `(${i.col('status')} <> 1 AND ${i.col('status')} <> 5) AS "processIsFinished"`,
    `${i.col('status')} AS "processStatus"`,
    `${time(i.col('startTime'))} AS "startTime"`,
    `${i.col('currentNodeNames')} AS "currentNodeNames"`,
    `${us.col('realName')} AS "startUserName"`,
    `${i.col('title')} AS "title"`,
    `${time(task('dueTime'))} AS "dueTime"`,
  ];
}

/** The shared filters: a word of the process name or title, the title, the category, the creation time range. */
function filterConditions(tables: Tables, filters: ListFilters): string[] {
  const { q, t, i, d } = tables;
  const created = t ? t.col('createTime') : i.col('startTime');
  const conditions: string[] = [];
  if (filters.processDefinitionName) {
    const pattern = q.param(containsPattern(filters.processDefinitionName));
    conditions.push(`(COALESCE(${d.col('name')}, ${i.col('processName')}) ILIKE ${pattern} OR ${i.col('title')} ILIKE ${pattern})`);
  }
  if (filters.title) conditions.push(`${i.col('title')} ILIKE ${q.param(containsPattern(filters.title))}`);
  if (filters.categoryId) conditions.push(`${d.col('categoryId')} = ${q.param(filters.categoryId)}::bigint`);
  if (filters.createdFrom) conditions.push(`${created} >= ${q.param(filters.createdFrom)}::timestamp`);
  if (filters.createdBefore) conditions.push(`${created} < ${q.param(filters.createdBefore)}::timestamp`);
  return conditions;
}

async function statementOf(ctx: ActionContext, spec: ListSpec, filters: ListFilters) {
  const tables = await tablesOf(ctx, spec.base);
  const joined = spec.join ? await spec.join(tables) : undefined;
  const scope = tables.t ? tables.t.scope : tables.i.scope;
  const where = [scope, ...(await spec.where(tables)), ...filterConditions(tables, filters)].join(' AND ');
  const columns = [...rowColumns(tables), ...(joined?.columns ?? [])];
  const order = joined?.order ?? spec.order(tables);
  return { tables, from: `${fromClause(tables)} ${joined?.sql ?? ''}`, where, columns, order };
}

/** One page of a list: the count and the rows, each in its own statement (the parameters are per statement). */
export async function taskListPage(ctx: ActionContext, spec: ListSpec, filters: ListFilters) {
  const counting = await statementOf(ctx, spec, filters);
  const [{ n: total }] = await counting.tables.q.rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${counting.from} WHERE ${counting.where}`);
  if (total === 0) return pageOf([], 0, filters);
  const listing = await statementOf(ctx, spec, filters);
  const { q } = listing.tables;
  const records = await q.rows(
    `SELECT ${listing.columns.join(', ')} FROM ${listing.from} WHERE ${listing.where}
      ORDER BY ${listing.order.join(', ')}
      LIMIT ${q.param(filters.size)} OFFSET ${q.param((filters.current - 1) * filters.size)}`,
  );
  return pageOf(records, total, filters);
}

/** The caller is one of the ids of a stored comma list column. */
export function callerInList(tables: Tables, column: string): string {
  return `(${tables.me})::text = ANY(string_to_array(${column}, ','))`;
}
