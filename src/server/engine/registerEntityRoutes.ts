/**
 * Registers, from the models' x-api bindings alone, one thin route per
 * binding at exactly the declared verb and path. Routes parse and answer;
 * the work happens in operations.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { ok } from '../../shared/envelope.js';
import { withTransaction, type Db } from '../db/pool.js';
import { rowScopeOf } from '../auth/dataScopes.js';
import { assertButton, assertMenu, assertPlatformAdmin } from '../auth/permissions.js';
import { unauthorized } from '../http/apiError.js';
import { onceForKey } from '../http/idempotency.js';
import { actionHandler, actionPreparer, assertActionsImplemented, isFileAnswer, type ActionContext, type FileAnswer } from './actions.js';
import type { EntityModel, RouteBinding } from './entityModel.js';
import type { OperationContext } from './operations/context.js';
import { exportOperation, type ExportFile } from './operations/exportOperation.js';
import { detailOperation, listAllOperation, listOperation } from './operations/readOperations.js';
import { lazyTreeOperation, optionsOperation, treeOperation } from './operations/treeOperations.js';
import { transitionOperation } from './operations/transitionOperation.js';
import { removeOperation, saveOperation, submitOperation, updateOperation } from './operations/writeOperations.js';
import { bindingFilters, type RowScope } from './sqlBuilder.js';

type Query = Record<string, unknown>;

/**
 * A request's context. Its row scope is the binding's: the tenant, the data scope granted on the binding's menu
 * (binding.menuCode: its own `menu`, else the register's) and the binding's where (rows outside it do not exist
 * for the request; writes refuse input outside it).
 */
async function contextOf(db: Db, request: FastifyRequest, model: EntityModel, binding: RouteBinding): Promise<OperationContext> {
  const caller = request.caller;
  if (!caller) throw unauthorized();
  const scope: RowScope = await rowScopeOf(db, caller, model, binding.menuCode);
  if (binding.where) scope.within = { schemaId: model.id, filters: bindingFilters(model, binding) };
  return { db, caller, language: request.language, scope };
}

/** The id or ids of a request: a path parameter wins, then the query, then the body. */
function idArgument(request: FastifyRequest, binding: RouteBinding): unknown {
  const params = request.params as Query;
  const fromPath = params[binding.idParam] ?? params.id ?? params.ids;
  if (fromPath !== undefined) return fromPath;
  const query = request.query as Query;
  if (query[binding.idParam] !== undefined) return query[binding.idParam];
  const body = request.body as Query | undefined;
  const fromBody = body && typeof body === 'object' ? body[binding.idParam] : undefined;
  return Array.isArray(fromBody) ? fromBody.join(',') : fromBody;
}

/**
 * A POST read (the spec's record lists are POST) takes its filters from the
 * JSON body as well, written as a query string would carry them: numbers as
 * text, arrays as comma lists, empty values left out.
 */
function bodyAsQuery(body: unknown): Query {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const query: Query = {};
  for (const [key, value] of Object.entries(body as Query)) {
    if (value === null || value === undefined || value === '') continue;
    query[key] = Array.isArray(value) ? value.join(',') : typeof value === 'object' ? value : String(value);
  }
  return query;
}

const READ_OPS = new Set<RouteBinding['op']>(['list', 'listAll', 'tree', 'lazyTree', 'options', 'detail', 'export']);

/**
 * Reads need the binding's menu (or, marked platform, the platform administrator), an export also its
 * export button: the binding's own, else the register's (writes check their button inside the operation).
 */
async function assertMayRead(ctx: OperationContext, model: EntityModel, binding: RouteBinding): Promise<void> {
  if (!READ_OPS.has(binding.op) || binding.isForAnyUser) return;
  if (binding.isPlatformOnly) await assertPlatformAdmin(ctx.db, ctx.caller);
  else await assertMenu(ctx.db, ctx.caller, binding.menuCode);
  if (binding.op === 'export') await assertButton(ctx.db, ctx.caller, binding.button ?? model.permissions.export);
}

/** The button a generic write needs: the binding's own, else the register's (submit adds without an id and edits with one). */
function writeButton(model: EntityModel, binding: RouteBinding, body: unknown): string | undefined {
  if (binding.button) return binding.button;
  if (binding.op === 'save') return model.permissions.add;
  if (binding.op === 'update') return model.permissions.edit;
  if (binding.op === 'remove') return model.permissions.delete;
  const id = body && typeof body === 'object' ? (body as Query).id : undefined;
  return model.permissions[id === undefined || id === null || id === '' ? 'add' : 'edit'];
}

/**
 * An action declares its gate: platform administrators, a button code, or (a read) the binding's menu.
 * A handler replacing a generic write keeps that write's gate (platform scope, its button or the register's).
 */
async function assertMayAct(ctx: OperationContext, model: EntityModel, binding: RouteBinding, body: unknown): Promise<void> {
  if (binding.isPlatformOnly || (binding.isWrite && model.scope === 'platform')) await assertPlatformAdmin(ctx.db, ctx.caller);
  if (binding.op !== 'action' && binding.isWrite) await assertButton(ctx.db, ctx.caller, writeButton(model, binding, body));
  else if (binding.button) await assertButton(ctx.db, ctx.caller, binding.button);
  else if (!binding.isPlatformOnly && !binding.isForAnyUser) await assertMenu(ctx.db, ctx.caller, binding.menuCode);
}

async function runAction(ctx: OperationContext, model: EntityModel, binding: RouteBinding, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  await assertMayAct(ctx, model, binding, request.body);
  const handler = actionHandler(binding.action!)!;
  const prepare = actionPreparer(binding.action!);
  const input = { ...ctx, model, binding, request, reply, query: { ...(request.query as Query), ...(request.params as Query) }, body: request.body };
  // Slow input (an upload) is read before the transaction opens (actions.ts PreparedAction).
  const base = prepare ? { ...input, prepared: await prepare(input) } : input;
  if (!binding.isWrite) return handler({ ...base, tx: ctx.db } satisfies ActionContext);
  return withTransaction(ctx.db, (tx) => handler({ ...base, tx } satisfies ActionContext));
}

async function runBinding(ctx: OperationContext, model: EntityModel, binding: RouteBinding, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const body = READ_OPS.has(binding.op) ? bodyAsQuery(request.body) : {};
  const query = { ...body, ...(request.query as Query), ...(request.params as Query) };
  await assertMayRead(ctx, model, binding);
  // A register may implement a generic operation itself (e.g. creating a tenant also seeds it).
  if (binding.action) return runAction(ctx, model, binding, request, reply);
  switch (binding.op) {
    case 'list':
      return listOperation(ctx, model, binding, query);
    case 'listAll':
      return listAllOperation(ctx, model, binding, query);
    case 'tree':
      return treeOperation(ctx, model, binding, query);
    case 'lazyTree':
      return lazyTreeOperation(ctx, model, binding, query);
    case 'options':
      return optionsOperation(ctx, model, binding, query);
    case 'detail':
      return detailOperation(ctx, model, idArgument(request, binding));
    case 'save':
      return saveOperation(ctx, model, request.body, { button: binding.button });
    case 'update':
      return updateOperation(ctx, model, request.body, { button: binding.button });
    case 'submit':
      return submitOperation(ctx, model, request.body, { button: binding.button });
    case 'remove':
      return removeOperation(ctx, model, idArgument(request, binding), { button: binding.button });
    case 'export':
      return exportOperation(ctx, model, binding, query);
    case 'action':
      return runAction(ctx, model, binding, request, reply);
    case 'transition':
      return transitionOperation(ctx, model, binding, idArgument(request, binding), { ...query, ...(request.body as Query | undefined) });
  }
}

function sendFile(reply: FastifyReply, file: FileAnswer['file']): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="download"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .send(file.content);
}

/** The Fastify handler of one binding; also used by the runtime registers of the code generator. */
export function bindingHandler(db: Db, model: EntityModel, binding: RouteBinding): RouteHandlerMethod {
  return async (request, reply) => {
    const run = async () => {
      // A screen token's request is opened by the screen's menu, whose data scope it gets (src/server/screens/).
      const served = request.caller?.screen ? { ...binding, menuCode: request.caller.screen.code } : binding;
      const result = await runBinding(await contextOf(db, request, model, served), model, served, request, reply);
      if (binding.op === 'export') return { file: result as ExportFile };
      return isFileAnswer(result) || reply.sent ? result : ok(result);
    };
    const answer = binding.isWrite ? await onceForKey(db, request, run) : await run();
    if (reply.sent) return reply;
    return isFileAnswer(answer) ? sendFile(reply, answer.file) : answer;
  };
}

export function registerEntityRoutes(app: FastifyInstance, db: Db, models: EntityModel[]): void {
  assertActionsImplemented(models);
  for (const model of models) {
    for (const binding of model.bindings) {
      const config = binding.screens ? { access: 'user' as const, screens: binding.screens } : { access: 'user' as const };
      app.route({ method: binding.method, url: binding.url, config, handler: bindingHandler(db, model, binding) });
    }
  }
}
