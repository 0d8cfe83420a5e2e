/**
 * Runtime registers: registers whose schemas arrive while the server runs (the
 * code generator's), served without a restart. Fastify cannot add routes once
 * it is ready, so ONE catch-all route under a prefix dispatches each request by
 * verb and path to the binding of the model a resolver returns, through the
 * very handler a static register uses (`bindingHandler`: access checks, data
 * scope, transaction, idempotency, envelope). Static routes always win over the
 * catch-all, so a register whose schema was committed to schemas/ is served
 * statically from the next start on.
 */
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { fail } from '../../shared/envelope.js';
import type { Db } from '../db/pool.js';
import type { EntityModel } from './entityModel.js';
import { bindingHandler } from './registerEntityRoutes.js';

/** The model of the runtime register with this code, or undefined. Asked on every request: keep it cheap. */
export type RuntimeRegisterResolver = (code: string) => Promise<EntityModel | undefined>;

/** What a register code may look like in a path (the resolver decides whether it exists). */
const CODE_IN_PATH = /^[a-z][a-z0-9]{0,40}$/;

/** Handlers by "VERB path", built once per model object (a regenerated register is a new object). */
function handlerTable(db: Db, model: EntityModel, routePrefix: string): Map<string, RouteHandlerMethod> {
  const table = new Map<string, RouteHandlerMethod>();
  for (const binding of model.bindings) {
    // A model only answers under its own prefix, never another register's paths.
    if (!binding.url.startsWith(routePrefix) || binding.url.includes(':')) continue;
    table.set(`${binding.method} ${binding.url}`, bindingHandler(db, model, binding));
  }
  return table;
}

/** Registers the catch-all `<prefix>/*` that serves every runtime register under `<prefix>/<code>/…`. */
export function registerRuntimeRegisterRoutes(app: FastifyInstance, db: Db, prefix: string, resolve: RuntimeRegisterResolver): void {
  const tables = new WeakMap<EntityModel, Map<string, RouteHandlerMethod>>();
  app.all(`${prefix}/*`, { config: { access: 'user' } }, async function dispatch(request, reply) {
    const path = request.url.split('?')[0];
    const code = path.slice(prefix.length + 1).split('/')[0];
    const model = CODE_IN_PATH.test(code) ? await resolve(code) : undefined;
    let table = model ? tables.get(model) : undefined;
    if (model && !table) tables.set(model, (table = handlerTable(db, model, `${prefix}/${code}/`)));
    const handler = table?.get(`${request.method} ${path}`);
    if (!handler) return reply.code(404).send(fail(404, request.language === 'en' ? 'No such endpoint' : '接口不存在'));
    // The wildcard is the catch-all's, not a parameter of the binding (a list refuses unknown parameters).
    request.params = {};
    return handler.call(this, request, reply);
  });
}
