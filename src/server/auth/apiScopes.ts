/**
 * API scopes (platform-core §6): an endpoint matched by a defined scope may
 * be called only by roles granted a matching scope. Checked for every signed-in
 * request, before its handler (http/authentication.ts). Endpoints no scope
 * matches keep their menu and button checks alone, so defining a scope is
 * how an administrator fences an endpoint off.
 */
import type { Queryable } from '../db/pool.js';
import { forbidden } from '../http/apiError.js';
import type { Caller } from '../http/caller.js';
import { CURRENT_ROLES, isPlatformAdmin } from './permissions.js';

interface ScopePath {
  id: string;
  scope_path: string;
}

/** Whether a scope path ("POST /api/x/*", "/api/x/**") matches a request's verb and path. */
export function scopePathMatches(scopePath: string, method: string, path: string): boolean {
  const [verb, pattern] = scopePath.includes(' ') ? scopePath.split(/ +/, 2) : [undefined, scopePath];
  if (verb && verb.toUpperCase() !== method.toUpperCase()) return false;
  const wanted = pattern.split('/');
  const actual = path.split('/');
  for (let i = 0; i < wanted.length; i++) {
    if (wanted[i] === '**') return true;
    if (i >= actual.length) return false;
    if (wanted[i] !== '*' && wanted[i] !== actual[i]) return false;
  }
  return wanted.length === actual.length;
}

export async function assertApiScope(db: Queryable, caller: Caller, method: string, url: string): Promise<void> {
  const path = url.split('?')[0];
  // Asked on every signed-in request: a named statement is planned once per connection.
  const scopes = await db.query<ScopePath>({ name: 'rsc-api-scopes', text: 'SELECT id::text AS id, scope_path FROM blade_scope_api WHERE is_deleted = 0' });
  const matching = scopes.rows.filter((scope) => scopePathMatches(scope.scope_path, method, path)).map((scope) => scope.id);
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
