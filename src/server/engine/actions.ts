/**
 * Actions: what a register needs beyond CRUD (reset a password, grant a role,
 * enable a configuration, generate a register …), declared in the schema as
 * an `x-api` binding with `"op": "action"` and implemented by a handler
 * registered here under the binding's action name. The engine does the rest
 * as for any binding: the route, the access check (button, menu, platform
 * administrator), the transaction and idempotency of POSTs, the data scope
 * and the envelope. A declared action without a handler stops start-up.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbClient, Queryable } from '../db/pool.js';
import type { EntityModel, RouteBinding } from './entityModel.js';
import type { OperationContext } from './operations/context.js';

export interface ActionContext extends OperationContext {
  model: EntityModel;
  binding: RouteBinding;
  /** The transaction of a POST action; the pool for a GET. */
  tx: Queryable | DbClient;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Query string and path parameters, merged. */
  query: Record<string, unknown>;
  body: unknown;
  /** What the action's `prepare` step read before the transaction opened (an upload), when it has one. */
  prepared?: unknown;
}

/** A file answer: the engine sends it as a download instead of the envelope. */
export interface FileAnswer {
  file: { fileName: string; content: Buffer; contentType: string };
}

export type ActionHandler = (ctx: ActionContext) => Promise<unknown>;

/**
 * An action whose input is slow to arrive (a multipart upload) reads it in `prepare`, before the engine opens the
 * write transaction: a slow client then never holds a pooled connection inside an open transaction. `run` gets the
 * result as `ctx.prepared`. The access check runs before `prepare`, so nobody uploads to an action they may not call.
 */
export interface PreparedAction {
  prepare: (ctx: Omit<ActionContext, 'tx'>) => Promise<unknown>;
  run: ActionHandler;
}

const handlers = new Map<string, ActionHandler>();
const preparers = new Map<string, PreparedAction['prepare']>();

/** Registers the handlers of one schema's actions: names are `<schemaId>.<name>`. */
export function defineActions(schemaId: string, entries: Record<string, ActionHandler | PreparedAction>): void {
  for (const [name, entry] of Object.entries(entries)) {
    if (typeof entry === 'function') {
      handlers.set(`${schemaId}.${name}`, entry);
    } else {
      handlers.set(`${schemaId}.${name}`, entry.run);
      preparers.set(`${schemaId}.${name}`, entry.prepare);
    }
  }
}

export function actionHandler(name: string): ActionHandler | undefined {
  return handlers.get(name);
}

export function actionPreparer(name: string): PreparedAction['prepare'] | undefined {
  return preparers.get(name);
}

export function isFileAnswer(value: unknown): value is FileAnswer {
  return typeof value === 'object' && value !== null && 'file' in value && Buffer.isBuffer((value as FileAnswer).file?.content);
}

/** Fails start-up when a model declares an action nobody implemented. */
export function assertActionsImplemented(models: EntityModel[]): void {
  for (const model of models) {
    for (const binding of model.bindings) {
      if (binding.action && !handlers.has(binding.action)) {
        throw new Error(`schema ${model.id}: x-api.${binding.name} declares action "${binding.action}", which has no handler (src/server/actions/)`);
      }
    }
  }
}
