/** What every operation receives: the database, the verified caller and their language. */
import type { Db } from '../../db/pool.js';
import type { Language } from '../../http/apiError.js';
import type { Caller } from '../../http/caller.js';
import type { Actor } from '../sqlBuilder.js';

export interface OperationContext {
  db: Db;
  caller: Caller;
  language: Language;
}

export function actorOf(caller: Caller): Actor {
  return { tenantId: caller.tenantId, userId: caller.userId, deptId: caller.deptId };
}
