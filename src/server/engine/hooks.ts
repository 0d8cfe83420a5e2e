/**
 * Hooks: a register's rules, run inside the engine's generic operations (as
 * Payload's collection hooks run inside its operations). The operation keeps
 * access, validation, references, dictionaries, idempotency, version,
 * tenancy and the transaction; a hook only adds a rule or a side effect, in
 * the operation's transaction — a hook that throws undoes the whole write.
 *
 * Order of a save/update: beforeValidate → validation, references,
 * dictionaries, uniqueness → beforeChange → SQL → afterChange.
 * A remove: lock the rows → beforeRemove → soft delete.
 * A transition: input checks → button → lock the rows → state and row rules (when, actor …) → references,
 * dictionaries → server-set fields (set) → beforeTransition → move → afterTransition.
 * A bulk insert (localApi(ctx, tx).insertMany) runs neither beforeValidate nor beforeChange nor afterChange but its own
 * pair: validation, references, dictionaries per row (bad rows set aside) → beforeInsertMany over the valid rows →
 * duplicates → one INSERT per chunk → afterInsertMany over the inserted rows. A register with per-row rules
 * (beforeValidate, beforeChange, afterChange) must declare beforeInsertMany, or insertMany refuses: a rule is never
 * skipped silently by the bulk path.
 */
import type { DbClient } from '../db/pool.js';
import type { EntityModel } from './entityModel.js';
import type { OperationContext } from './operations/context.js';

type Row = Record<string, unknown>;

export type WriteKind = 'create' | 'update';

export interface HookArgs {
  ctx: OperationContext;
  /** The operation's transaction. */
  tx: DbClient;
  model: EntityModel;
}

export interface ChangeArgs extends HookArgs {
  operation: WriteKind;
  /** The fields this write sets (by field name); a hook may change them or set server-owned ones. */
  data: Row;
  /** The request body as sent (parameters that are not fields, e.g. a user's reservoirIds). */
  input: Row;
  /** The stored row before an update (output fields by name). */
  existing?: Row;
}

export interface BeforeChangeArgs extends ChangeArgs {
  /** The record as it will be stored: the stored row (or the defaults) with the changes over it. */
  merged: Row;
}

export interface AfterChangeArgs extends HookArgs {
  operation: WriteKind;
  /** The stored row after the write (output fields by name). */
  row: Row;
  input: Row;
  existing?: Row;
}

export interface BeforeRemoveArgs extends HookArgs {
  /** The locked rows about to be removed, with raw columns (snake_case), all in the caller's scope. */
  rows: Row[];
}

export interface BeforeTransitionArgs extends HookArgs {
  /** The transition's name. */
  transition: string;
  /** The state the rows move to (the toParam's choice when there are several). */
  target: string | number;
  /** The locked rows before the move (output fields by name, full rows), all allowed by the move's rules. */
  rows: Row[];
  /** The fields the move sets besides the state: the input fields and the server-set ones; a hook may add fields of the model. */
  data: Row;
  /** The request body as sent. */
  input: Row;
}

export interface AfterTransitionArgs extends HookArgs {
  transition: string;
  /** The state the rows moved to. */
  target: string | number;
  /** The moved rows: {id, <state field>, version}. */
  moved: Row[];
  /** The same rows before the move (output fields by name, full rows). */
  before: Row[];
  /** The other fields the move set (input, server-set and hook-added). */
  fields: Row;
  input: Row;
}

/** One candidate row of a bulk insert: its position in the call's input and its fields by name (after validation and coercion). */
export interface BulkRow {
  index: number;
  /** The fields the row sets; a hook may change them or set server-owned (readOnly) ones, e.g. a reservoir taken from the station. */
  data: Row;
}

export interface BeforeInsertManyArgs extends HookArgs {
  /** The rows that passed validation, references and dictionaries (duplicates are sorted out after the hook). */
  rows: BulkRow[];
  /** Sets a row aside: it is listed in the call's `rejected` with this message (in ctx.language) and not inserted. */
  reject(index: number, message: string, field?: string): void;
}

export interface AfterInsertManyArgs extends HookArgs {
  /** Exactly the rows this call inserted (output fields by name): not the duplicates, not the rejected ones. */
  inserted: Row[];
}

export interface EntityHooks {
  beforeValidate?: (args: ChangeArgs) => void | Promise<void>;
  beforeChange?: (args: BeforeChangeArgs) => void | Promise<void>;
  afterChange?: (args: AfterChangeArgs) => void | Promise<void>;
  beforeRemove?: (args: BeforeRemoveArgs) => void | Promise<void>;
  /** Throw an ApiError to refuse the move (nothing changes); add to `data` to set more fields with it. */
  beforeTransition?: (args: BeforeTransitionArgs) => void | Promise<void>;
  afterTransition?: (args: AfterTransitionArgs) => void | Promise<void>;
  /** Bulk insert: the valid candidate rows, before duplicates are sorted out; may change fields or reject rows. Throwing refuses the whole call. */
  beforeInsertMany?: (args: BeforeInsertManyArgs) => void | Promise<void>;
  /** Bulk insert: after the rows are stored, in the same transaction (e.g. one aggregated upsert of a rollup). */
  afterInsertMany?: (args: AfterInsertManyArgs) => void | Promise<void>;
}

type HookName = keyof EntityHooks;
type HookOf<N extends HookName> = NonNullable<EntityHooks[N]>;
type ArgsOf<N extends HookName> = Parameters<HookOf<N>>[0];

const registry = new Map<string, { [N in HookName]: HookOf<N>[] }>();

function hooksOf(schemaId: string): { [N in HookName]: HookOf<N>[] } {
  let entry = registry.get(schemaId);
  if (!entry)
    registry.set(
      schemaId,
      (entry = {
        beforeValidate: [],
        beforeChange: [],
        afterChange: [],
        beforeRemove: [],
        beforeTransition: [],
        afterTransition: [],
        beforeInsertMany: [],
        afterInsertMany: [],
      }),
    );
  return entry;
}

/** Registers hooks of one register (several calls add up, in order). */
export function defineHooks(schemaId: string, hooks: EntityHooks): void {
  const entry = hooksOf(schemaId);
  for (const name of Object.keys(hooks) as HookName[]) {
    (entry[name] as unknown[]).push(hooks[name]);
  }
}

/** Registers a hook run before one transition of a register moves the rows (it may refuse or add fields). */
export function beforeTransition(schemaId: string, transitionName: string, hook: (args: BeforeTransitionArgs) => void | Promise<void>): void {
  defineHooks(schemaId, { beforeTransition: (args) => (args.transition === transitionName ? hook(args) : undefined) });
}

/** Registers a hook on one transition of a register. */
export function afterTransition(schemaId: string, transitionName: string, hook: (args: AfterTransitionArgs) => void | Promise<void>): void {
  defineHooks(schemaId, { afterTransition: (args) => (args.transition === transitionName ? hook(args) : undefined) });
}

export function hasHooks(schemaId: string, name: HookName): boolean {
  return (registry.get(schemaId)?.[name].length ?? 0) > 0;
}

/** Runs a register's hooks of one kind, one after another. */
export async function runHooks<N extends HookName>(name: N, args: ArgsOf<N>): Promise<void> {
  const entry = registry.get(args.model.id);
  if (!entry) return;
  for (const hook of entry[name]) await (hook as (a: ArgsOf<N>) => void | Promise<void>)(args);
}
