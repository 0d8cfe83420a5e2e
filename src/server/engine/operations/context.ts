/** What every operation receives: the database, the verified caller and their language. */
import type { Db } from '../../db/pool.js';
import type { Language } from '../../http/apiError.js';
import type { Caller } from '../../http/caller.js';
import type { Actor, RowScope } from '../sqlBuilder.js';

export interface OperationContext {
  db: Db;
  caller: Caller;
  language: Language;
  /** The rows of this register the request may touch (tenant and data scope), resolved once per request. */
  scope: RowScope;
}

/** Tenant only, without the data scope: for rules that hold across the tenant (uniqueness, parents). */
export function tenantScope(ctx: OperationContext): RowScope {
  return { tenantId: ctx.caller.tenantId };
}

export function actorOf(caller: Caller): Actor {
  return { tenantId: caller.tenantId, userId: caller.userId, deptId: caller.deptId };
}
