/**
 * Registers, from the models' x-api bindings alone, one thin route per
 * binding at exactly the declared verb and path. Routes parse and answer;
 * the work happens in operations.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../shared/envelope.js';
import type { Db } from '../db/pool.js';
import { assertButton, assertMenu } from '../auth/permissions.js';
import { unauthorized } from '../http/apiError.js';
import { onceForKey } from '../http/idempotency.js';
import type { EntityModel, RouteBinding } from './entityModel.js';
import type { OperationContext } from './operations/context.js';
import { exportOperation, type ExportFile } from './operations/exportOperation.js';
import { detailOperation, listAllOperation, listOperation } from './operations/readOperations.js';
import { lazyTreeOperation, treeOperation } from './operations/treeOperations.js';
import { removeOperation, saveOperation, submitOperation, updateOperation } from './operations/writeOperations.js';

type Query = Record<string, unknown>;

function contextOf(db: Db, request: FastifyRequest): OperationContext {
  if (!request.caller) throw unauthorized();
  return { db, caller: request.caller, language: request.language };
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

const READ_OPS = new Set<RouteBinding['op']>(['list', 'listAll', 'tree', 'lazyTree', 'detail', 'export']);

/** Reads need the register's menu, an export also its export button (writes check their button inside the operation). */
async function assertMayRead(ctx: OperationContext, model: EntityModel, binding: RouteBinding): Promise<void> {
  if (!READ_OPS.has(binding.op) || binding.isForAnyUser) return;
  await assertMenu(ctx.db, ctx.caller, model.menuCode);
  if (binding.op === 'export') await assertButton(ctx.db, ctx.caller, model.permissions.export);
}

async function runBinding(ctx: OperationContext, model: EntityModel, binding: RouteBinding, request: FastifyRequest): Promise<unknown> {
  const query = { ...(request.query as Query), ...(request.params as Query) };
  await assertMayRead(ctx, model, binding);
  switch (binding.op) {
    case 'list':
      return listOperation(ctx, model, binding, query);
    case 'listAll':
      return listAllOperation(ctx, model, binding, query);
    case 'tree':
      return treeOperation(ctx, model, binding, query);
    case 'lazyTree':
      return lazyTreeOperation(ctx, model, binding, query);
    case 'detail':
      return detailOperation(ctx, model, idArgument(request, binding));
    case 'save':
      return saveOperation(ctx, model, request.body);
    case 'update':
      return updateOperation(ctx, model, request.body);
    case 'submit':
      return submitOperation(ctx, model, request.body);
    case 'remove':
      return removeOperation(ctx, model, idArgument(request, binding));
    case 'export':
      return exportOperation(ctx, model, binding, query);
  }
}

export function registerEntityRoutes(app: FastifyInstance, db: Db, models: EntityModel[]): void {
  for (const model of models) {
    for (const binding of model.bindings) {
      app.route({
        method: binding.method,
        url: binding.url,
        config: { access: 'user' },
        handler: async (request, reply) => {
          if (binding.op === 'export') {
            const file = (await runBinding(contextOf(db, request), model, binding, request)) as ExportFile;
            return reply
              .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
              .header('content-disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
              .send(file.content);
          }
          const run = async () => ok(await runBinding(contextOf(db, request), model, binding, request));
          return READ_OPS.has(binding.op) ? run() : onceForKey(db, request, run);
        },
      });
    }
  }
}
