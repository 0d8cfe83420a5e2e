/**
 * API scopes (platform-core §6): an endpoint matched by a defined scope may
 * be called only by roles granted a matching scope. Checked for every signed-in
 * request, before its handler (http/authentication.ts). Endpoints no scope
 * matches keep their menu and button checks alone, so defining a scope is
 * how an administrator fences an endpoint off.
 *
 * A scope is matched against what the router routed, never against the raw
 * request line: the route's pattern with the request's decoded parameters,
 * and the method whose handler runs. Whatever spelling reaches a handler
 * (`pag%65`, a `#fragment`, an absolute URL in the request line, HEAD for
 * GET) therefore meets the same fence as the plain one.
 */
import type { Queryable } from '../db/pool.js';
import { forbidden } from '../http/apiError.js';
import type { Caller } from '../http/caller.js';
import { CURRENT_ROLES, isPlatformAdmin } from './permissions.js';

interface ScopePath {
  id: string;
  scope_path: string;
}

/** What the router chose for a request: the handler's method and its path as segments. */
export interface RoutedCall {
  method: string;
  /** The path's segments after the leading '/'; a parameter's value is one segment even if it holds '/'. */
  segments: string[];
}

type Params = Record<string, unknown>;

/** One segment of a route pattern (find-my-way syntax: `:name`, `:name(regex)`, `::` for a colon) with its parameters filled in. */
function fillSegment(segment: string, params: Params): string {
  return segment.replace(/::|:([A-Za-z0-9_]+)(\([^)]*\))?/g, (_match, name: string | undefined) => (name ? String(params[name] ?? '') : ':'));
}

/**
 * The call a routed request makes: the route pattern (request.routeOptions.url) with its decoded
 * parameters, and the method whose handler runs (HEAD runs GET's handler where Fastify exposes one).
 */
export function routedCall(method: string, routeUrl: string, params: Params): RoutedCall {
  const segments = routeUrl
    .split('/')
    .slice(1)
    .flatMap((segment) => (segment === '*' ? String(params['*'] ?? '').split('/') : [fillSegment(segment, params)]));
  return { method: method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase(), segments };
}

/**
 * Whether a scope path ("POST /api/x/*", "/api/x/**", "/api/x/remove/{id}") matches a call: `*` and
 * `{name}` match one segment, a final `**` the rest; a trailing slash of the scope is ignored.
 */
export function scopePathMatches(scopePath: string, call: RoutedCall): boolean {
  const [verb, pattern] = scopePath.trim().includes(' ') ? scopePath.trim().split(/ +/, 2) : [undefined, scopePath.trim()];
  if (verb && verb.toUpperCase() !== call.method) return false;
  const wanted = pattern.replace(/\/+$/, '').split('/').slice(1);
  const actual = call.segments;
  for (let i = 0; i < wanted.length; i++) {
    if (wanted[i] === '**') return true;
    if (i >= actual.length) return false;
    const isAny = wanted[i] === '*' || /^\{[^/{}]*\}$/.test(wanted[i]);
    if (!isAny && wanted[i] !== actual[i]) return false;
  }
  return wanted.length === actual.length;
}

export async function assertApiScope(db: Queryable, caller: Caller, call: RoutedCall): Promise<void> {
  // Asked on every signed-in request: a named statement is planned once per connection.
  const scopes = await db.query<ScopePath>({ name: 'rsc-api-scopes', text: 'SELECT id::text AS id, scope_path FROM blade_scope_api WHERE is_deleted = 0' });
  const matching = scopes.rows.filter((scope) => scopePathMatches(scope.scope_path, call)).map((scope) => scope.id);
  if (matching.length === 0) return;
  if (caller.roleIds.length > 0) {
    const granted = await db.query(
      `SELECT 1 FROM blade_role_scope WHERE tenant_id = $1 AND is_deleted = 0 AND scope_category = 2
          AND scope_id = ANY($4::bigint[]) AND role_id IN (${CURRENT_ROLES}) LIMIT 1`,
      [caller.tenantId, caller.userId, caller.roleIds, matching],
    );
    if ((granted.rowCount ?? 0) > 0) return;
  }
  if (await isPlatformAdmin(db, caller)) return;
  throw forbidden('没有调用该接口的权限', 'Your roles may not call this endpoint');
}
