/**
 * State transitions (x-states): the only way a register's state field
 * changes. One endpoint per transition (or localApi(...).transition from
 * server code); it moves one row or a batch, all or nothing: every row must
 * exist in the caller's scope, be in one of the transition's source states and
 * pass its row rules (when, actor, actorDept, notActor — see
 * src/shared/transitionGuards.ts), or nothing changes and the answer says why.
 *
 * Order: input (toParam, the move's fields validated by their own property
 * schemas, required ones non-empty) → platform scope and button → lock the
 * rows → state and row rules → references and dictionaries → server-set
 * fields (set) → beforeTransition hooks → UPDATE → afterTransition hooks.
 */
import { withTransaction, type DbClient } from '../../db/pool.js';
import { assertButton, assertPlatformAdmin } from '../../auth/permissions.js';
import { ApiError, badRequest } from '../../http/apiError.js';
import type { StateTransition } from '../../../shared/entitySchema.js';
import { departmentIdsOf } from '../../../shared/transitionGuards.js';
import type { EntityModel, FieldModel, RouteBinding } from '../entityModel.js';
import { quoteIdent } from '../naming.js';
import { outputFields, Params, scopeConditions, selectList } from '../sqlBuilder.js';
import { assertDictionaryValues } from '../dictionaryValues.js';
import { runHooks } from '../hooks.js';
import { assertReferences } from '../references.js';
import { assertValid, compileFieldsValidator, fieldMessage } from '../validation.js';
import type { OperationContext } from './context.js';
import { assertRowsAllow } from './transitionGuards.js';
import { parseIds } from './writeOperations.js';

type Row = Record<string, unknown>;

export interface TransitionOptions {
  /** The button the caller needs (the binding's); false: a server-initiated move, no button (and no platform check). */
  button: string | false;
}

function idsOf(raw: unknown): string[] {
  if (Array.isArray(raw)) return parseIds(raw.join(','));
  return parseIds(raw === undefined || raw === null ? raw : String(raw));
}

function targetOf(transition: StateTransition, input: Row): string | number {
  if (transition.to.length === 1) return transition.to[0];
  const wanted = input[transition.toParam!];
  const target = transition.to.find((value) => String(value) === String(wanted));
  if (target === undefined) {
    throw badRequest(
      `参数 ${transition.toParam} 必须是 ${transition.to.join('、')} 之一`,
      `The parameter ${transition.toParam} must be one of ${transition.to.join(', ')}`,
    );
  }
  return target;
}

/** The input fields of a move: `fields` and `required` (readOnly ones too: a transition that lists a field owns it). */
function inputFieldsOf(model: EntityModel, transition: StateTransition): FieldModel[] {
  const names = [...new Set([...(transition.fields ?? []), ...(transition.required ?? [])])];
  return names.map((name) => model.field.get(name)!);
}

const inputValidators = new WeakMap<StateTransition, ReturnType<typeof compileFieldsValidator>>();
function inputValidatorOf(model: EntityModel, transition: StateTransition) {
  let validator = inputValidators.get(transition);
  if (!validator) inputValidators.set(transition, (validator = compileFieldsValidator(inputFieldsOf(model, transition))));
  return validator;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The fields the request sets with the move, validated by their own schemas; a required one left empty is a 400 naming it. */
function inputData(ctx: OperationContext, model: EntityModel, transition: StateTransition, input: Row): Row {
  for (const name of transition.required ?? []) {
    if (!isBlank(input[name])) continue;
    const field = model.field.get(name)!;
    const text = { zh: fieldMessage(field, 'required', 'zh'), en: fieldMessage(field, 'required', 'en') };
    throw badRequest(text.zh, text.en, { errors: [{ field: name, message: text[ctx.language] }] });
  }
  const names = inputFieldsOf(model, transition).map((field) => field.name);
  const data: Row = Object.fromEntries(names.filter((name) => input[name] !== undefined).map((name) => [name, input[name] === '' ? null : input[name]]));
  if (Object.keys(data).length > 0) assertValid(model, inputValidatorOf(model, transition), data, ctx.language);
  return data;
}

/** The values of `set`: tokens resolved for this caller and move, literals as they are. */
async function serverSetData(ctx: OperationContext, db: DbClient, transition: StateTransition, target: string | number): Promise<Row> {
  const entries = Object.entries(transition.set ?? {});
  if (entries.length === 0) return {};
  const now = entries.some(([, value]) => value === '$now') ? ((await db.query('SELECT LOCALTIMESTAMP(0)::text AS now')).rows[0].now as string) : '';
  const tokens: Record<string, unknown> = {
    $caller: ctx.caller.userId,
    $callerDept: departmentIdsOf(ctx.caller.deptId)[0] ?? null,
    $now: now,
    $target: target,
  };
  return Object.fromEntries(entries.map(([name, value]) => [name, typeof value === 'string' && value in tokens ? tokens[value] : value]));
}

async function lockRows(ctx: OperationContext, db: DbClient, model: EntityModel, ids: string[]): Promise<Row[]> {
  const params = new Params();
  const scope = scopeConditions(model, ctx.scope, params);
  const found = await db.query(
    `SELECT ${selectList(outputFields(model))} FROM ${quoteIdent(model.table)} WHERE ${scope.join(' AND ')} AND "id" = ANY(${params.add(ids)}) ORDER BY "id" FOR UPDATE`,
    params.values,
  );
  if (found.rows.length !== ids.length) {
    throw new ApiError(404, { zh: '要处理的数据不存在或已被删除', en: 'Some of the records do not exist or were deleted' });
  }
  return found.rows as Row[];
}

/** A beforeTransition hook may add fields of the model to the move; never a base column or the state. */
function assertMovableFields(model: EntityModel, data: Row): void {
  for (const name of Object.keys(data)) {
    const field = model.field.get(name);
    if (!field || field.isBase || field === model.states!.field) throw new Error(`${model.id}: a transition cannot set "${name}"`);
  }
}

async function moveRows(ctx: OperationContext, db: DbClient, model: EntityModel, ids: string[], target: string | number, data: Row): Promise<Row[]> {
  const stateField = model.states!.field;
  const update = new Params();
  const assignments = [
    `${quoteIdent(stateField.column)} = ${update.add(target)}`,
    `"update_user" = ${update.add(ctx.caller.userId)}`,
    '"update_time" = LOCALTIMESTAMP(0)',
    '"version" = "version" + 1',
  ];
  for (const [name, value] of Object.entries(data)) {
    const field = model.field.get(name)!;
    assignments.push(`${quoteIdent(field.column)} = ${update.add(field.kind === 'json' && value !== null ? JSON.stringify(value) : value)}`);
  }
  const where = scopeConditions(model, ctx.scope, update);
  const changed = await db.query(
    `UPDATE ${quoteIdent(model.table)} SET ${assignments.join(', ')} WHERE ${where.join(' AND ')} AND "id" = ANY(${update.add(ids)}) RETURNING "id"::text AS id, ${quoteIdent(stateField.column)} AS "${stateField.name}", "version"`,
    update.values,
  );
  return changed.rows as Row[];
}

/** Runs one transition inside `db` (the caller's transaction): answers the moved rows {id, <state field>, version}. */
export async function runTransition(
  ctx: OperationContext,
  db: DbClient,
  model: EntityModel,
  transition: StateTransition,
  rawIds: unknown,
  input: Row,
  options: TransitionOptions,
): Promise<Row[]> {
  const ids = idsOf(rawIds);
  const target = targetOf(transition, input);
  const data = inputData(ctx, model, transition, input);
  if (options.button !== false) {
    if (model.scope === 'platform') await assertPlatformAdmin(db, ctx.caller);
    await assertButton(db, ctx.caller, options.button);
  }
  const rows = await lockRows(ctx, db, model, ids);
  assertRowsAllow(model, transition, rows, ctx.caller);
  await assertReferences(ctx, db, model, data);
  await assertDictionaryValues(ctx, db, model, data);
  Object.assign(data, await serverSetData(ctx, db, transition, target));
  await runHooks('beforeTransition', { ctx, tx: db, model, transition: transition.name, target, rows, data, input });
  assertMovableFields(model, data);
  const moved = await moveRows(ctx, db, model, ids, target, data);
  await runHooks('afterTransition', { ctx, tx: db, model, transition: transition.name, target, moved, before: rows, fields: data, input });
  return moved;
}

/** The endpoint of a transition binding: its own transaction, the binding's button. */
export async function transitionOperation(ctx: OperationContext, model: EntityModel, binding: RouteBinding, rawIds: unknown, input: Row): Promise<Row[]> {
  return withTransaction(ctx.db, (db) => runTransition(ctx, db, model, binding.transition!, rawIds, input, { button: binding.button! }));
}

/** Update and remove obey editableIn / removableIn: a published plan is not edited, an audited record not removed. */
export function assertStateAllows(model: EntityModel, rows: Row[], kind: 'edit' | 'remove'): void {
  const states = model.states;
  if (!states) return;
  const allowed = kind === 'edit' ? states.machine.editableIn : states.machine.removableIn;
  if (!allowed) return;
  const values = allowed.map(String);
  const column = states.field.column;
  const blocked = rows.filter((row) => !values.includes(String(row[states.field.name] ?? row[column])));
  if (blocked.length === 0) return;
  throw kind === 'edit'
    ? badRequest('当前状态下不能修改', 'The record cannot be changed in its current state')
    : badRequest('当前状态下不能删除', 'The record cannot be removed in its current state');
}
