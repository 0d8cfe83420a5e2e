/**
 * Bulk insert (localApi(ctx, tx).insertMany): many rows of one register in one
 * call, checked like creates but set-based, for ingestion (monitoring readings).
 *
 * Each row is validated like a create (the register's compiled validator, the
 * schema's messages in ctx.language); references are checked with one query per
 * x-ref field (and target) for the whole call, dictionary values against the
 * tenant's entries read once; a bad row is not thrown but listed in `rejected`
 * with its index and the first field error. The valid rows go through the
 * register's beforeInsertMany hooks (which may set server-owned fields or reject
 * rows), then duplicates are sorted out: rows repeating an earlier row's unique
 * key in the same call, and (onConflict 'ignore') rows whose key is stored
 * already — `ON CONFLICT … DO NOTHING`, counted, not stored; onConflict 'error'
 * (the default) refuses the whole call with the rule's message as create does.
 * The rows are inserted by one `INSERT … SELECT FROM unnest(…)` per chunk of at
 * most 5,000 rows, ids from nextId, base columns from the caller as create sets
 * them; afterInsertMany sees exactly the inserted rows.
 *
 * Not for tree registers (a parent must exist before its child: use create).
 * A register with per-row rules (beforeValidate, beforeChange, afterChange) must
 * declare beforeInsertMany, or the call is refused: no rule is skipped silently.
 */
import { nextId } from '../../db/ids.js';
import type { DbClient } from '../../db/pool.js';
import { ApiError, badRequest, type Language } from '../../http/apiError.js';
import type { FieldError } from '../../../shared/envelope.js';
import { dictionaryRows } from '../dictionaryLabels.js';
import { dictionaryKeys } from '../dictionaryValues.js';
import type { EntityModel, FieldModel } from '../entityModel.js';
import { sealSecretFields } from '../fieldSecrets.js';
import { hasHooks, runHooks, type BulkRow } from '../hooks.js';
import { quoteIdent } from '../naming.js';
import { referenceTargetId, referenceValues, visibleKeys } from '../references.js';
import { outputFields, Params, selectList } from '../sqlBuilder.js';
import { fieldErrors, fieldMessage } from '../validation.js';
import { hasControlCharacters } from '../../http/textInput.js';
import type { ValidateFunction } from 'ajv';
import { isIdString } from '../../db/ids.js';
import { actorOf, tenantScope, type OperationContext } from './context.js';
import { assertConditionalRequired, defaultsOf, validatorsOf } from './writeOperations.js';

type Row = Record<string, unknown>;

export interface InsertManyOptions {
  /** 'error' (default): a duplicate refuses the whole call; 'ignore': duplicates are counted and skipped. */
  onConflict?: 'ignore' | 'error';
}

export interface RejectedRow {
  /** The row's position in the call's input. */
  index: number;
  field?: string;
  message: string;
}

export interface InsertManyResult {
  inserted: Row[];
  duplicates: number;
  rejected: RejectedRow[];
}

/** Rows per INSERT statement. */
export const BULK_CHUNK_ROWS = 5_000;
/** Most rows one call may carry (a larger load is split by its caller). */
export const MAX_BULK_ROWS = 100_000;

const PER_ROW_HOOKS = ['beforeValidate', 'beforeChange', 'afterChange'] as const;

function text(language: Language, zh: string, en: string): string {
  return language === 'zh' ? zh : en;
}

/** The first field error an ApiError of a row check carries, as a rejection. */
function rejectionOf(index: number, error: unknown): RejectedRow {
  if (error instanceof ApiError) {
    const errors = (error.data as { errors?: FieldError[] } | null)?.errors;
    if (errors?.length) return { index, field: errors[0].field, message: errors[0].message };
  }
  throw error;
}

/**
 * One pass over an input row: the writable fields as a create picks them (empty required values count as missing,
 * "" of a non-string is null), and the readonly ones server code gives (server-owned values, set after the checks).
 * Base columns and unknown names are dropped: the engine stamps the base columns.
 */
function pickRow(model: EntityModel, row: Row): { data: Row; serverData?: Row } {
  const data: Row = {};
  let serverData: Row | undefined;
  for (const name in row) {
    const value = row[name];
    if (value === undefined) continue;
    const field = model.field.get(name);
    if (!field || field.isBase) continue;
    if (field.isReadOnly) (serverData ??= {})[name] = value;
    else if (field.isRequired && (value === '' || value === null))
      continue; // reported as "required"
    else data[name] = value === '' && field.kind !== 'string' ? null : value;
  }
  return { data, serverData };
}

/** The row's first field error, or undefined: the compiled validator first (coercing in place), the detailed messages only for a bad row. */
function firstError(model: EntityModel, validate: ValidateFunction, data: Row, language: Language): FieldError | undefined {
  let clean = true;
  for (const name in data) {
    const value = data[name];
    if (typeof value === 'string' && hasControlCharacters(value)) clean = false;
  }
  if (clean && validate(data)) return undefined;
  return fieldErrors(model, validate, data, language)[0];
}

/** Checks a register may be bulk-inserted; throws an Error (a programming mistake, not a caller's) otherwise. */
export function assertBulkInsertable(model: EntityModel): void {
  if (model.tree) throw new Error(`${model.id}: insertMany does not insert into a tree register (a parent must exist first); use create`);
  const perRow = PER_ROW_HOOKS.filter((name) => hasHooks(model.id, name));
  if (perRow.length > 0 && !hasHooks(model.id, 'beforeInsertMany')) {
    throw new Error(
      `${model.id}: insertMany refused — the register has ${perRow.join(', ')} hooks but no beforeInsertMany hook; its rules would be skipped by the bulk path`,
    );
  }
}

/** References of the candidate rows, one query per field and target; rows naming an unknown, foreign, deleted or out-of-scope row are rejected. */
async function checkReferences(
  ctx: OperationContext,
  tx: DbClient,
  model: EntityModel,
  rows: BulkRow[],
  defaults: Row,
  reject: (row: BulkRow, field: FieldModel, keyword: 'ref' | 'required') => void,
): Promise<BulkRow[]> {
  let live = rows;
  for (const field of model.fields) {
    if (!field.ref || field.isBase || field.isReadOnly || field.name === model.tree?.parentField) continue;
    // Rows by target (x-ref-by makes it depend on another field), with the values each names.
    const byTarget = new Map<string, { sample: Row; values: Set<string> }>();
    const named = new Map<BulkRow, { target: string; values: string[] }>();
    const kept: BulkRow[] = [];
    // Many rows name the same few rows (a station's readings): each distinct value is parsed once.
    const parsed = new Map<unknown, { values: string[]; wellFormed: boolean }>();
    const parse = (raw: unknown) => {
      const values = referenceValues(field, raw);
      return { values, wellFormed: field.ref!.key !== 'id' || values.every(isIdString) };
    };
    for (const row of live) {
      if (!(field.name in row.data)) {
        kept.push(row);
        continue;
      }
      const raw = row.data[field.name];
      let entry = typeof raw === 'object' ? undefined : parsed.get(raw);
      if (!entry) {
        entry = parse(raw);
        if (typeof raw !== 'object') parsed.set(raw, entry);
      }
      const values = entry.values;
      if (field.isRequired && values.length === 0) {
        reject(row, field, 'required');
        continue;
      }
      if (!entry.wellFormed) {
        reject(row, field, 'ref');
        continue;
      }
      kept.push(row);
      if (values.length === 0) continue;
      const record = field.ref.by ? { ...defaults, ...row.data } : row.data;
      const target = referenceTargetId(field, record);
      let group = byTarget.get(target);
      if (!group) byTarget.set(target, (group = { sample: record, values: new Set() }));
      for (const value of values) group.values.add(value);
      named.set(row, { target, values });
    }
    const found = new Map<string, Set<string>>();
    for (const [target, group] of byTarget) found.set(target, await visibleKeys(ctx, tx, model, field, [...group.values], group.sample));
    live = kept.filter((row) => {
      const names = named.get(row);
      if (!names) return true;
      const visible = found.get(names.target)!;
      if (names.values.every((value) => visible.has(value))) return true;
      reject(row, field, 'ref');
      return false;
    });
  }
  return live;
}

/** Dictionary values of the candidate rows against the tenant's entries, read once for the call. */
async function checkDictionaries(
  ctx: OperationContext,
  tx: DbClient,
  model: EntityModel,
  rows: BulkRow[],
  reject: (row: BulkRow, field: FieldModel, keyword: 'dict') => void,
): Promise<BulkRow[]> {
  const fields = model.fields.filter((field) => field.schema['x-dict'] && !field.isBase && !field.isReadOnly);
  if (fields.length === 0 || rows.length === 0) return rows;
  const entries = await dictionaryRows(tx, ctx.caller.tenantId, [...new Set(fields.map((field) => field.schema['x-dict']!))]);
  const known = new Set(entries.map((entry) => `${entry.code}\u0000${entry.dictKey}`));
  // Whether each distinct value of each field is made of entries, worked out once.
  const verdicts = fields.map(() => new Map<unknown, boolean>());
  return rows.filter((row) => {
    for (const [i, field] of fields.entries()) {
      if (!(field.name in row.data)) continue;
      const raw = row.data[field.name];
      let isEntry = verdicts[i].get(raw);
      if (isEntry === undefined) {
        const code = field.schema['x-dict']!;
        isEntry = dictionaryKeys(field, raw).every((key) => known.has(`${code}\u0000${key}`));
        if (typeof raw !== 'object') verdicts[i].set(raw, isEntry);
      }
      if (!isEntry) {
        reject(row, field, 'dict');
        return false;
      }
    }
    return true;
  });
}

/** A unique rule's key of a row, or undefined when a key field is empty (NULLs never collide in a unique index). */
function uniqueKey(fields: FieldModel[], data: Row): string | undefined {
  let key = '';
  for (const field of fields) {
    const value = data[field.name];
    if (value === undefined || value === null) return undefined;
    key += `${String(value)}\u0000`;
  }
  return key;
}

function arrayType(field: FieldModel): string {
  return field.kind === 'json' ? 'jsonb[]' : `${field.sqlType}[]`;
}

function sqlValue(field: FieldModel, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return field.kind === 'json' ? JSON.stringify(value) : value;
}

/** Refuses the call ('error') when a row's unique key is stored already: one query per rule for the whole call. */
async function assertNoStoredDuplicates(ctx: OperationContext, tx: DbClient, model: EntityModel, rows: BulkRow[]): Promise<void> {
  for (const rule of model.unique) {
    const fields = rule.fields.map((name) => model.field.get(name)!);
    const params = new Params();
    const keyed = rows.filter((row) => uniqueKey(fields, row.data) !== undefined);
    if (keyed.length === 0) continue;
    const arrays = fields.map((field) => `${params.add(keyed.map((row) => sqlValue(field, row.data[field.name])))}::${arrayType(field)}`);
    const conditions = [`t."is_deleted" = 0`, ...fields.map((field, i) => `t.${quoteIdent(field.column)} = k."c${i}"`)];
    if (model.scope === 'tenant') conditions.push(`t."tenant_id" = ${params.add(tenantScope(ctx).tenantId)}`);
    const found = await tx.query(
      `SELECT 1 FROM ${quoteIdent(model.table)} t JOIN unnest(${arrays.join(', ')}) AS k(${fields.map((_, i) => `"c${i}"`).join(', ')}) ON ${conditions.join(' AND ')} LIMIT 1`,
      params.values,
    );
    if ((found.rowCount ?? 0) > 0)
      throw badRequest(rule.message, rule['message-en'], {
        errors: [{ field: rule.fields[0], message: text(ctx.language, rule.message, rule['message-en']) }],
      });
  }
}

/**
 * The output shape of inserted rows. The base columns an insert stamps are the same for every row of the call
 * (the caller, the tenant, the transaction's LOCALTIMESTAMP(0) the defaults take, status/version 1): they are
 * filled in here, and only the id and the register's own fields come back from the database — parsing twenty
 * thousand rows of constants is most of the client's work of a bulk insert.
 */
interface OutputPlan {
  /** Output fields the database answers (RETURNING). */
  returned: FieldModel[];
  /** The rest: base fields, with the value every inserted row holds. */
  constants: Map<string, unknown>;
  /** Every output field, in order. */
  names: string[];
}

async function outputPlan(ctx: OperationContext, tx: DbClient, model: EntityModel): Promise<OutputPlan> {
  const actor = actorOf(ctx.caller);
  const fields = outputFields(model);
  let now: string | undefined;
  if (fields.some((field) => field.isBase && (field.column === 'create_time' || field.column === 'update_time')))
    now = (await tx.query<{ now: string }>('SELECT LOCALTIMESTAMP(0) AS "now"')).rows[0].now;
  const stamped: Record<string, unknown> = {
    tenant_id: model.scope === 'tenant' ? actor.tenantId : '000000',
    create_user: actor.userId,
    create_dept: actor.deptId,
    update_user: actor.userId,
    create_time: now,
    update_time: now,
    status: 1,
    version: 1,
  };
  const constants = new Map<string, unknown>();
  const returned: FieldModel[] = [];
  for (const field of fields) {
    if (field.isBase && field.column !== 'id' && field.column in stamped) constants.set(field.name, stamped[field.column]);
    else returned.push(field);
  }
  return { returned, constants, names: fields.map((field) => field.name) };
}

function outputRow(plan: OutputPlan, stored: Row): Row {
  const row: Row = {};
  for (const name of plan.names) row[name] = plan.constants.has(name) ? plan.constants.get(name) : stored[name];
  return row;
}

/** One INSERT … SELECT FROM unnest(…) for a chunk; answers the inserted rows (output fields by name). */
async function insertChunk(
  ctx: OperationContext,
  tx: DbClient,
  model: EntityModel,
  columns: FieldModel[],
  rows: Row[],
  onConflict: string,
  output: OutputPlan,
): Promise<Row[]> {
  const actor = actorOf(ctx.caller);
  const params = new Params();
  const targets = ['"id"', '"create_user"', '"create_dept"', '"update_user"'];
  const sources = ['u."c0"', params.add(actor.userId), params.add(actor.deptId), params.add(actor.userId)];
  const arrays = [`${params.add(rows.map(() => nextId()))}::bigint[]`];
  if (model.field.get('tenantId')?.isBase) {
    targets.push('"tenant_id"');
    sources.push(params.add(model.scope === 'tenant' ? actor.tenantId : '000000'));
  }
  columns.forEach((field, i) => {
    targets.push(quoteIdent(field.column));
    sources.push(`u."c${i + 1}"`);
    arrays.push(`${params.add(rows.map((row) => sqlValue(field, row[field.name])))}::${arrayType(field)}`);
  });
  const aliases = arrays.map((_, i) => `"c${i}"`).join(', ');
  const sql =
    `INSERT INTO ${quoteIdent(model.table)} (${targets.join(', ')}) SELECT ${sources.join(', ')} FROM unnest(${arrays.join(', ')}) AS u(${aliases})` +
    `${onConflict} RETURNING ${selectList(output.returned)}`;
  const stored = (await tx.query(sql, params.values)).rows as Row[];
  return stored.map((row) => outputRow(output, row));
}

/** The ON CONFLICT clause of 'ignore': the first unique rule's index (as the contract names it); any unique index when there are several. */
function ignoreClause(model: EntityModel): string {
  if (model.unique.length === 0) return '';
  if (model.unique.length > 1) return ' ON CONFLICT DO NOTHING';
  const columns = [...(model.scope === 'tenant' ? ['tenant_id'] : []), ...model.unique[0].fields.map((name) => model.field.get(name)!.column)];
  return ` ON CONFLICT (${columns.map(quoteIdent).join(', ')}) WHERE "is_deleted" = 0 DO NOTHING`;
}

/** Inserts many rows of one register in the caller's transaction; see the file's comment. */
export async function insertManyRows(
  ctx: OperationContext,
  tx: DbClient,
  model: EntityModel,
  input: readonly Row[],
  options: InsertManyOptions = {},
): Promise<InsertManyResult> {
  assertBulkInsertable(model);
  if (!Array.isArray(input)) throw new Error(`${model.id}: insertMany needs an array of rows`);
  if (input.length > MAX_BULK_ROWS) throw new Error(`${model.id}: insertMany takes at most ${MAX_BULK_ROWS} rows per call (${input.length} given)`);
  const onConflict = options.onConflict ?? 'error';
  const language = ctx.language;
  const rejected: RejectedRow[] = [];
  const rejectField = (row: BulkRow, field: FieldModel, keyword: 'ref' | 'required' | 'dict') =>
    rejected.push({ index: row.index, field: field.name, message: fieldMessage(field, keyword, language) });

  // 1. Each row on its own: shape, writable fields, the schema's validation, required-unless rules.
  const validate = validatorsOf(model).create;
  const checksConditional = model.fields.some((field) => field.schema['x-required-unless']);
  const serverData = new Map<number, Row>();
  let candidates: BulkRow[] = [];
  input.forEach((raw, index) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      rejected.push({ index, message: text(language, '数据必须是一个对象', 'A row must be an object') });
      return;
    }
    const { data, serverData: own } = pickRow(model, raw);
    const error = firstError(model, validate, data, language);
    if (error) {
      rejected.push({ index, field: error.field, message: error.message });
      return;
    }
    if (checksConditional) {
      try {
        assertConditionalRequired(ctx, model, data);
      } catch (error) {
        rejected.push(rejectionOf(index, error));
        return;
      }
    }
    if (own) serverData.set(index, own);
    candidates.push({ index, data });
  });

  // 2. References (one query per field and target) and dictionaries (read once), over all rows together.
  const defaults = defaultsOf(model);
  candidates = await checkReferences(ctx, tx, model, candidates, defaults, rejectField);
  candidates = await checkDictionaries(ctx, tx, model, candidates, rejectField);
  for (const row of candidates) {
    const own = serverData.get(row.index);
    if (own) Object.assign(row.data, own);
  }

  // 3. The register's bulk rule: may set server-owned fields, or set rows aside.
  if (candidates.length > 0 && hasHooks(model.id, 'beforeInsertMany')) {
    const setAside = new Map<number, RejectedRow>();
    const indexes = new Set(candidates.map((row) => row.index));
    await runHooks('beforeInsertMany', {
      ctx,
      tx,
      model,
      rows: candidates,
      reject(index, message, field) {
        if (!indexes.has(index)) throw new Error(`${model.id}: beforeInsertMany rejected row ${index}, which is not a candidate`);
        if (!setAside.has(index)) setAside.set(index, { index, ...(field === undefined ? {} : { field }), message });
      },
    });
    if (setAside.size > 0) {
      rejected.push(...setAside.values());
      candidates = candidates.filter((row) => !setAside.has(row.index));
    }
  }

  // 4. Duplicates inside the call: a row repeating an earlier row's unique key.
  let duplicates = 0;
  if (model.unique.length > 0) {
    const rules = model.unique.map((rule) => ({ rule, fields: rule.fields.map((name) => model.field.get(name)!), seen: new Set<string>() }));
    const hasDefaults = Object.keys(defaults).length > 0;
    const keys: (string | undefined)[] = [];
    candidates = candidates.filter((row) => {
      const data = hasDefaults ? { ...defaults, ...row.data } : row.data;
      let repeated = -1;
      for (let i = 0; i < rules.length; i += 1) {
        keys[i] = uniqueKey(rules[i].fields, data);
        if (repeated < 0 && keys[i] !== undefined && rules[i].seen.has(keys[i]!)) repeated = i;
      }
      if (repeated >= 0) {
        if (onConflict === 'error') {
          const { rule } = rules[repeated];
          throw badRequest(rule.message, rule['message-en'], {
            errors: [{ field: rule.fields[0], message: text(language, rule.message, rule['message-en']) }],
          });
        }
        duplicates += 1;
        return false;
      }
      rules.forEach(({ seen }, i) => keys[i] !== undefined && seen.add(keys[i]!));
      return true;
    });
  }
  rejected.sort((a, b) => a.index - b.index);
  if (candidates.length === 0) return { inserted: [], duplicates, rejected };

  // 5. The rows as stored: schema defaults filled (the columns are the same for every row), secrets sealed.
  const hasSecrets = model.fields.some((field) => field.isEncrypted);
  const rows = candidates.map((row) => {
    const full = { ...defaults, ...row.data };
    if (model.owner && full[model.owner.name] === undefined) full[model.owner.name] = ctx.caller.userId;
    return hasSecrets ? sealSecretFields(ctx.db, model, full) : full;
  });
  const names = new Set<string>();
  for (const row of rows) for (const name in row) names.add(name);
  const columns = [...names].map((name) => {
    const field = model.field.get(name);
    if (!field || field.isBase) throw new Error(`${model.id}: "${name}" is not a field insertMany may set`);
    return field;
  });

  if (onConflict === 'error')
    await assertNoStoredDuplicates(
      ctx,
      tx,
      model,
      candidates.map((row, i) => ({ index: row.index, data: rows[i] })),
    );
  const conflict = onConflict === 'ignore' ? ignoreClause(model) : '';
  const output = await outputPlan(ctx, tx, model);
  const inserted: Row[] = [];
  for (let start = 0; start < rows.length; start += BULK_CHUNK_ROWS) {
    inserted.push(...(await insertChunk(ctx, tx, model, columns, rows.slice(start, start + BULK_CHUNK_ROWS), conflict, output)));
  }
  duplicates += rows.length - inserted.length;

  // 6. Side effects over exactly the stored rows, in the same transaction.
  if (inserted.length > 0) await runHooks('afterInsertMany', { ctx, tx, model, inserted });
  return { inserted, duplicates, rejected };
}
