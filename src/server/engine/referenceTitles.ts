/**
 * Titles of references on the server: each row of a list, a detail or an
 * export carries, beside a reference's id, the title of the row it points at
 * (reservoirId → reservoirName; a list of ids → a list of titles in the same
 * shape). One query per referenced field for the whole page, never per row.
 * Titles are read in the rows' own tenant and include removed rows: a record
 * keeps naming the inspector who made it after that account is deleted.
 */
import type { Queryable } from '../db/pool.js';
import type { EntityModel, FieldModel } from './entityModel.js';
import { quoteIdent } from './naming.js';
import { referenceTarget, referenceTargetId, referenceValues } from './references.js';
import { Params } from './sqlBuilder.js';

type Row = Record<string, unknown>;

/** key → title of the referenced rows among `values`, in the given tenants. */
async function titlesOf(
  db: Queryable,
  model: EntityModel,
  field: FieldModel,
  targetId: string,
  tenantIds: string[],
  values: string[],
): Promise<Map<string, string>> {
  const { target, key } = referenceTarget(
    field,
    field.ref!.by ? { [field.ref!.by.field]: Object.keys(field.ref!.by.targets).find((v) => field.ref!.by!.targets[v] === targetId) } : undefined,
    model,
  );
  if (!target.titleField) return new Map();
  const title = target.field.get(target.titleField!)!;
  const params = new Params();
  const conditions = [`${quoteIdent(key.column)}::text = ANY(${params.add(values)}::text[])`];
  if (target.scope === 'tenant') conditions.push(`"tenant_id" = ANY(${params.add(tenantIds)}::text[])`);
  const found = await db.query(
    `SELECT ${quoteIdent(key.column)}::text AS "key", ${quoteIdent(title.column)}::text AS "title" FROM ${quoteIdent(target.table)} WHERE ${conditions.join(' AND ')} ORDER BY "is_deleted" DESC`,
    params.values,
  );
  // A live row wins over a removed one with the same key (codes can be reused): live rows come last.
  return new Map(found.rows.map((row) => [row.key as string, row.title as string]));
}

/** The reference fields of a register whose titles can be given (the target names its rows). */
export function titledReferences(model: EntityModel, fieldNames?: string[]): FieldModel[] {
  return model.fields.filter(
    (field) => field.ref?.titleName && (!fieldNames || fieldNames.includes(field.name)) && referenceTarget(field, undefined, model).target.titleField,
  );
}

function titleValue(field: FieldModel, value: unknown, titles: Map<string, string>): unknown {
  const keys = referenceValues(field, value);
  const named = keys.map((key) => titles.get(key) ?? '');
  if (field.ref!.shape === 'array') return named;
  if (field.ref!.shape === 'list') return named.join(',');
  return keys.length === 0 ? '' : named[0];
}

function groupBy(rows: Row[], keyOf: (row: Row) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  return groups;
}

/** Adds each reference's title beside its id, in place; `callerTenant` when the rows do not carry theirs. */
export async function attachTitles(db: Queryable, model: EntityModel, rows: Row[], callerTenant: string, fieldNames?: string[]): Promise<Row[]> {
  if (rows.length === 0) return rows;
  const fields = titledReferences(model, fieldNames);
  if (fields.length === 0) return rows;
  const tenantIds = [...new Set(rows.map((row) => (typeof row.tenantId === 'string' ? row.tenantId : callerTenant)))];
  await Promise.all(
    fields.flatMap((field) =>
      // Rows whose reference points into the same register share one query (x-ref-by splits them by target).
      [...groupBy(rows, (row) => referenceTargetId(field, row))].map(async ([targetId, group]) => {
        const values = [...new Set(group.flatMap((row) => referenceValues(field, row[field.name])))];
        const titles = values.length > 0 ? await titlesOf(db, model, field, targetId, tenantIds, values) : new Map<string, string>();
        for (const row of group) row[field.ref!.titleName!] = titleValue(field, row[field.name], titles);
      }),
    ),
  );
  return rows;
}
