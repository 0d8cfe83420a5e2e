/**
 * The ledger: a view over the inspection (type 1) or maintenance records,
 * one row per reservoir and month, with the remark stored in the
 * inspect/ledger register. The records obey the caller's data scope on the
 * record register, so the ledger never counts rows the caller cannot see.
 */
import ExcelJS from 'exceljs';
import type { DbClient } from '../../db/pool.js';
import { badRequest } from '../../http/apiError.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { XLSX_TYPE } from '../../engine/operations/exportOperation.js';
import { scopedQuery, type ScopedQuery } from '../../engine/scopedQuery.js';
import { FieldErrors, type Row } from './setupRules.js';

type LedgerKind = 'inspect' | 'maintain';
const LEDGER_TYPE: Record<LedgerKind, 1 | 2> = { inspect: 1, maintain: 2 };
const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;
const ID = /^[1-9][0-9]{0,18}$/;

interface LedgerFilter {
  reservoirId?: string;
  periodFrom?: string;
  periodTo?: string;
  current: number;
  size: number;
}

function input(ctx: ActionContext): Row {
  const body = ctx.body && typeof ctx.body === 'object' && !Array.isArray(ctx.body) ? (ctx.body as Row) : {};
  return { ...ctx.query, ...body };
}

function positive(raw: unknown, fallback: number, max: number): number {
  const value = Number(raw ?? fallback);
  return Number.isInteger(value) && value >= 1 ? Math.min(value, max) : fallback;
}

function periodParam(raw: unknown, name: string): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string' || !PERIOD.test(raw)) throw badRequest(`参数 ${name} 应为 yyyy-MM`, `The parameter ${name} must be yyyy-MM`);
  return raw;
}

function filterOf(ctx: ActionContext): LedgerFilter {
  const raw = input(ctx);
  const reservoirId = raw.reservoirId === undefined || raw.reservoirId === null || raw.reservoirId === '' ? undefined : String(raw.reservoirId);
  if (reservoirId !== undefined && !ID.test(reservoirId)) throw badRequest('参数 reservoirId 不正确', 'The parameter reservoirId is not valid');
  const period = periodParam(raw.period, 'period');
  return {
    reservoirId,
    periodFrom: period ?? periodParam(raw.periodFrom, 'periodFrom'),
    periodTo: period ?? periodParam(raw.periodTo, 'periodTo'),
    current: positive(raw.current, 1, 100_000),
    size: positive(raw.size, 10, 10_000),
  };
}

/** One ledger row per reservoir and month over the kind's records the caller may see. */
async function ledgerQuery(ctx: ActionContext, kind: LedgerKind, filter: LedgerFilter, paged: boolean): Promise<{ rows: Row[]; total: number }> {
  const grouped = async (q: ScopedQuery) => {
    const r = await q.from(`${kind}/record`, 'r');
    const where = [r.scope];
    if (filter.reservoirId) where.push(`${r.col('reservoirId')} = ${q.param(filter.reservoirId)}`);
    if (filter.periodFrom) where.push(`${r.col('startTime')} >= to_date(${q.param(filter.periodFrom)}, 'YYYY-MM')`);
    if (filter.periodTo) where.push(`${r.col('startTime')} < to_date(${q.param(filter.periodTo)}, 'YYYY-MM') + interval '1 month'`);
    const problems = kind === 'inspect' ? `COUNT(*) FILTER (WHERE ${r.col('problemCount')} > 0)::int` : '0';
    const status = r.col('auditStatus');
    return `SELECT ${r.col('reservoirId')} AS reservoir_id, to_char(${r.col('startTime')}, 'YYYY-MM') AS period, COUNT(*)::int AS records, ${problems} AS problems,
         COUNT(*) FILTER (WHERE ${status} = 0)::int AS pending, COUNT(*) FILTER (WHERE ${status} = 1)::int AS passed,
         COUNT(*) FILTER (WHERE ${status} = 2)::int AS rejected
    FROM ${r.table} WHERE ${where.join(' AND ')} GROUP BY 1, 2`;
  };
  const counting = scopedQuery(ctx);
  const total = (await counting.rows<{ n: number }>(`SELECT COUNT(*)::int AS n FROM (${await grouped(counting)}) g`))[0].n;
  const q = scopedQuery(ctx);
  const groups = await grouped(q);
  const v = await q.from('reservoir/reservoir', 'v', 'tenant');
  const m = await q.from('inspect/ledger', 'm', 'tenant');
  const page = paged ? ` LIMIT ${q.param(filter.size)} OFFSET ${q.param((filter.current - 1) * filter.size)}` : ' LIMIT 10000';
  const rows = await q.rows(
    `SELECT g.reservoir_id::text AS "reservoirId", ${v.col('name')} AS "reservoirName", g.period, g.records AS "recordCount", g.problems AS "problemCount",
            g.pending AS "pendingCount", g.passed AS "passedCount", g.rejected AS "rejectedCount", ${m.col('remark')} AS "remark"
       FROM (${groups}) g
       LEFT JOIN ${v.table} ON ${v.col('id')} = g.reservoir_id AND ${v.scope}
       LEFT JOIN ${m.table} ON ${m.scope} AND ${m.col('ledgerType')} = ${q.param(LEDGER_TYPE[kind])} AND ${m.col('reservoirId')} = g.reservoir_id AND ${m.col('period')} = g.period
      ORDER BY g.period DESC, "reservoirName", g.reservoir_id${page}`,
  );
  return { rows, total };
}

async function list(ctx: ActionContext, kind: LedgerKind): Promise<Row> {
  const filter = filterOf(ctx);
  const { rows, total } = await ledgerQuery(ctx, kind, filter, true);
  return { records: rows, total, size: filter.size, current: filter.current, pages: Math.ceil(total / filter.size) };
}

/** Sets (or clears) the remark of one ledger row: the reservoir must be the tenant's. */
async function remark(ctx: ActionContext, kind: LedgerKind): Promise<Row> {
  const raw = input(ctx);
  const errors = new FieldErrors(ctx.language);
  const reservoirId = String(raw.reservoirId ?? '');
  if (!ID.test(reservoirId)) errors.add('reservoirId', '请选择水库', 'Please choose the reservoir');
  if (typeof raw.period !== 'string' || !PERIOD.test(raw.period)) errors.add('period', '月份应为 yyyy-MM', 'The month must be yyyy-MM');
  const text = raw.remark === undefined || raw.remark === null ? '' : raw.remark;
  if (typeof text !== 'string' || text.length > 500) errors.add('remark', '备注不能超过500个字符', 'The remark cannot be longer than 500 characters');
  errors.throwIfAny();
  const api = localApi(ctx, ctx.tx as DbClient).tenantWide();
  if (!(await api.exists('reservoir/reservoir', { id: reservoirId })))
    throw badRequest('所选水库不存在或已被删除', 'The chosen reservoir does not exist or was deleted');
  const key = { ledgerType: LEDGER_TYPE[kind], reservoirId, period: raw.period as string };
  const stored = await api.findOne('inspect/ledger', key);
  if (stored) await api.update('inspect/ledger', String(stored.id), { remark: text as string });
  else await api.create('inspect/ledger', { ...key, remark: text as string });
  return { reservoirId, period: raw.period, remark: text };
}

const HEADERS: [string, string, string][] = [
  ['reservoirName', '水库', 'Reservoir'],
  ['period', '月份', 'Month'],
  ['recordCount', '记录数', 'Records'],
  ['problemCount', '发现问题', 'With problems'],
  ['pendingCount', '待审核', 'Pending'],
  ['passedCount', '已通过', 'Passed'],
  ['rejectedCount', '已驳回', 'Rejected'],
  ['remark', '备注', 'Remark'],
];

async function exportLedger(ctx: ActionContext, kind: LedgerKind): Promise<unknown> {
  const { rows } = await ledgerQuery(ctx, kind, filterOf(ctx), false);
  const zh = ctx.language === 'zh';
  const title = kind === 'inspect' ? (zh ? '巡查台账' : 'Inspection ledger') : zh ? '养护台账' : 'Maintenance ledger';
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title);
  sheet.columns = HEADERS.map(([key, zhTitle, enTitle]) => ({
    header: zh ? zhTitle : enTitle,
    key,
    width: key === 'remark' || key === 'reservoirName' ? 30 : 12,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  const content = Buffer.from(await workbook.xlsx.writeBuffer());
  return { file: { fileName: `${title}.xlsx`, content, contentType: XLSX_TYPE } };
}

defineActions('inspect/ledger', {
  list: (ctx) => list(ctx, 'inspect'),
  remark: (ctx) => remark(ctx, 'inspect'),
  export: (ctx) => exportLedger(ctx, 'inspect'),
  maintainList: (ctx) => list(ctx, 'maintain'),
  maintainRemark: (ctx) => remark(ctx, 'maintain'),
  maintainExport: (ctx) => exportLedger(ctx, 'maintain'),
});
