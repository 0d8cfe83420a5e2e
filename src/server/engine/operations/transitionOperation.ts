/**
 * State transitions (x-states): the only way a register's state field
 * changes. One endpoint per transition; it moves one row or a batch, all or
 * nothing: every row must exist in the caller's scope and be in one of the
 * transition's source states, or nothing changes and the answer says why.
 */
import { withTransaction } from '../../db/pool.js';
import { assertButton, assertPlatformAdmin } from '../../auth/permissions.js';
import { ApiError, badRequest } from '../../http/apiError.js';
import type { EntityModel, RouteBinding } from '../entityModel.js';
import { quoteIdent } from '../naming.js';
import { Params, scopeConditions } from '../sqlBuilder.js';
import { assertDictionaryValues } from '../dictionaryValues.js';
import { runHooks } from '../hooks.js';
import { assertReferences } from '../references.js';
import { assertValid } from '../validation.js';
import type { OperationContext } from './context.js';
import { parseIds, validatorsOf } from './writeOperations.js';

type Row = Record<string, unknown>;

function idsOf(raw: unknown): string[] {
  if (Array.isArray(raw)) return parseIds(raw.join(','));
  return parseIds(raw === undefined || raw === null ? raw : String(raw));
}

function targetOf(binding: RouteBinding, input: Row): string | number {
  const transition = binding.transition!;
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

/** The other fields the transition may set with the move, validated like an update. */
function extraFields(model: EntityModel, binding: RouteBinding, input: Row, ctx: OperationContext): Row {
  const names = binding.transition!.fields ?? [];
  const data: Row = Object.fromEntries(names.filter((name) => name in input).map((name) => [name, input[name] === '' ? null : input[name]]));
  if (Object.keys(data).length > 0) assertValid(model, validatorsOf(model).update, data, ctx.language);
  return data;
}

export async function transitionOperation(ctx: OperationContext, model: EntityModel, binding: RouteBinding, rawIds: unknown, input: Row): Promise<Row[]> {
  const ids = idsOf(rawIds);
  const target = targetOf(binding, input);
  const data = extraFields(model, binding, input, ctx);
  const { field: stateField } = model.states!;
  const transition = binding.transition!;
  return withTransaction(ctx.db, async (db) => {
    if (model.scope === 'platform') await assertPlatformAdmin(db, ctx.caller);
    await assertButton(db, ctx.caller, binding.button);
    const table = quoteIdent(model.table);
    const select = new Params();
    const scope = scopeConditions(model, ctx.scope, select);
    const found = await db.query(
      `SELECT "id"::text AS id, ${quoteIdent(stateField.column)} AS state FROM ${table} WHERE ${scope.join(' AND ')} AND "id" = ANY(${select.add(ids)}) FOR UPDATE`,
      select.values,
    );
    if (found.rows.length !== ids.length) {
      throw new ApiError(404, { zh: '要处理的数据不存在或已被删除', en: 'Some of the records do not exist or were deleted' });
    }
    const blocked = found.rows.filter((row) => !transition.from.map(String).includes(String(row.state)));
    if (blocked.length > 0) {
      const label = transition.label ?? transition.name;
      throw badRequest(
        `当前状态不允许${label}（${blocked.length} 条）`,
        `${transition['label-en'] ?? transition.name} is not allowed in the current state (${blocked.length} record(s))`,
        { ids: blocked.map((row) => row.id) },
      );
    }
    await assertReferences(ctx, db, model, data);
    await assertDictionaryValues(ctx, db, model, data);
    const update = new Params();
    const assignments = [
      `${quoteIdent(stateField.column)} = ${update.add(target)}`,
      `"update_user" = ${update.add(ctx.caller.userId)}`,
      '"update_time" = LOCALTIMESTAMP(0)',
      '"version" = "version" + 1',
    ];
    for (const [name, value] of Object.entries(data)) {
      const field = model.field.get(name)!;
      assignments.push(`${quoteIdent(field.column)} = ${update.add(field.kind === 'json' ? JSON.stringify(value) : value)}`);
    }
    const where = scopeConditions(model, ctx.scope, update);
    const changed = await db.query(
      `UPDATE ${table} SET ${assignments.join(', ')} WHERE ${where.join(' AND ')} AND "id" = ANY(${update.add(ids)}) RETURNING "id"::text AS id, ${quoteIdent(stateField.column)} AS "${stateField.name}", "version"`,
      update.values,
    );
    await runHooks('afterTransition', { ctx, tx: db, model, transition: transition.name, moved: changed.rows, fields: data, input });
    return changed.rows;
  });
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
