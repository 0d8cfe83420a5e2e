/**
 * The owner connection behind an application pool. Requests run as the
 * least-privilege role (db/appRole.ts), which may not change tables; the few
 * request-time paths that run DDL (the code generator creating or extending a
 * runtime register's table) take the owner pool of the application's pool.
 * An application without a separate owner (requests run as the owner, tests
 * that build an app on one pool) gets its own pool back.
 */
import type { Db } from './pool.js';

const owners = new WeakMap<Db, Db>();

export function setOwnerPool(appDb: Db, ownerDb: Db): void {
  owners.set(appDb, ownerDb);
}

export function ownerPoolOf(db: Db): Db {
  return owners.get(db) ?? db;
}
