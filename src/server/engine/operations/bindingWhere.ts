/**
 * A binding's where on writes. The request's row scope carries the where of the binding that serves it
 * (RowScope.within, set in registerEntityRoutes.ts): reads, updates, removes and transitions see only those
 * rows (sqlBuilder's scopeConditions). A save, update or submit must also store a row the binding serves:
 * a value outside the where is refused here, naming the field and the values it allows, before anything
 * is written.
 */
import type { Queryable } from '../../db/pool.js';
import { badRequest } from '../../http/apiError.js';
import { dictionaryRows, labelsOf } from '../dictionaryLabels.js';
import type { EntityModel } from '../entityModel.js';
import type { Filter } from '../listParams.js';
import type { OperationContext } from './context.js';

type Row = Record<string, unknown>;

/** Whether a value is one the filter selects, as SQL would decide it (a NULL is never selected). */
export function filterSelects(filter: Filter, value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (filter.op === 'in') return (filter.value as unknown[]).some((allowed) => String(allowed) === String(value));
  if (filter.op === 'ne') return String(value) !== String(filter.value);
  return String(value) === String(filter.value);
}

/** Each value as a person reads it, in both languages: its dictionary label where the field has a dictionary. */
async function displayed(ctx: OperationContext, db: Queryable, filter: Filter, values: unknown[]): Promise<{ zh: string[]; en: string[] }> {
  const code = filter.field.schema['x-dict'];
  const rows = code ? await dictionaryRows(db, ctx.caller.tenantId, [code]) : [];
  const zh = labelsOf(rows, 'zh').get(code ?? '');
  const en = labelsOf(rows, 'en').get(code ?? '');
  return {
    zh: values.map((value) => zh?.get(String(value)) ?? String(value)),
    en: values.map((value) => en?.get(String(value)) ?? String(value)),
  };
}

/** Refuses (400) a record the request's binding does not serve: a value of a where field outside its condition. */
export async function assertInsideBinding(ctx: OperationContext, db: Queryable, model: EntityModel, record: Row): Promise<void> {
  const within = ctx.scope.within;
  if (within?.schemaId !== model.id) return;
  for (const filter of within.filters) {
    const value = record[filter.field.name];
    if (filterSelects(filter, value)) continue;
    const title = { zh: filter.field.schema.title, en: filter.field.schema['x-en'] };
    const given = value === undefined || value === null || value === '' ? undefined : await displayed(ctx, db, filter, [value]);
    let zh: string;
    let en: string;
    if (filter.op === 'ne') {
      const refused = await displayed(ctx, db, filter, [filter.value]);
      zh = `${title.zh}在此不能为 ${refused.zh[0]}`;
      en = `${title.en} cannot be ${refused.en[0]} here`;
    } else {
      const allowed = await displayed(ctx, db, filter, filter.op === 'in' ? (filter.value as unknown[]) : [filter.value]);
      zh = `${title.zh}在此只能是 ${allowed.zh.join('、')}${given ? `（收到 ${given.zh[0]}）` : ''}`;
      en = `${title.en} must be ${allowed.en.length > 1 ? 'one of ' : ''}${allowed.en.join(', ')} here${given ? ` (got ${given.en[0]})` : ''}`;
    }
    throw badRequest(zh, en, { errors: [{ field: filter.field.name, message: ctx.language === 'zh' ? zh : en }] });
  }
}
