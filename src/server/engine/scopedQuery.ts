/**
 * SQL for reports and aggregates the local API cannot express (joins,
 * GROUP BY, window functions) — the one place server code writes SQL over
 * registers. Tables and columns come from the schemas by name, and each
 * register brought in carries its scope (tenant, data scope, owner, soft
 * delete) as a condition the query places, so nobody types `tenant_id`:
 *
 *   const q = scopedQuery(ctx);
 *   const r = await q.from('reservoir/reservoir', 'r');
 *   const rows = await q.rows(`SELECT ${r.col('regionCode')} AS code, count(*)::int AS n
 *     FROM ${r.table} WHERE ${r.scope} GROUP BY 1`);
 *
 * `scope` belongs in the WHERE clause of an inner join, or in the ON clause of a LEFT JOIN.
 */
import type { SchemaId } from '../../shared/generated/entityTypes.js';
import { rowScopeOf } from '../auth/dataScopes.js';
import type { Queryable } from '../db/pool.js';
import type { Caller } from '../http/caller.js';
import type { EntityModel } from './entityModel.js';
import { entityModel } from './entityRegistry.js';
import type { Reach } from './localApi.js';
import { whereConditions } from './localApi.js';
import { quoteIdent } from './naming.js';
import { Params, scopeConditions, type RowScope } from './sqlBuilder.js';

export interface ScopedTable {
  /** `"table" AS "alias"`, for FROM and JOIN. */
  table: string;
  /** The register's scope conditions on this alias, joined with AND. */
  scope: string;
  /** A column of the register by field name, qualified by the alias. */
  col(field: string): string;
  /** Conditions of a where object (as the local API takes it) on this alias, joined with AND ('TRUE' when empty). */
  where(where: Record<string, unknown>): string;
  model: EntityModel;
}

export interface ScopedQuery {
  /**
   * A register in the query. `reach` is the caller's rows (default), the tenant's, or a scope the caller
   * was given another way (the data scope of the menu that opened the read, e.g. one family of the
   * monitoring readings); it must be the caller's tenant.
   */
  from(id: SchemaId, alias: string, reach?: Reach | RowScope): Promise<ScopedTable>;
  /** A value as a parameter placeholder. */
  param(value: unknown): string;
  rows<R = Record<string, unknown>>(text: string): Promise<R[]>;
}

const ALIAS = /^[a-z][a-z0-9_]{0,30}$/;

export function scopedQuery(ctx: { db: Queryable; caller: Caller }, db: Queryable = ctx.db): ScopedQuery {
  const params = new Params();
  return {
    async from(id, alias, reach = 'caller') {
      if (!ALIAS.test(alias)) throw new Error(`alias "${alias}" must be a plain lower-case name`);
      const model = entityModel(id);
      const quotedAlias = quoteIdent(alias);
      if (typeof reach === 'object' && (reach.tenantId !== ctx.caller.tenantId || model.owner))
        throw new Error(`a scope of ${model.id} must be the caller's tenant's`);
      const scope =
        typeof reach === 'object' ? reach : reach === 'tenant' && !model.owner ? { tenantId: ctx.caller.tenantId } : await rowScopeOf(db, ctx.caller, model);
      const column = (field: string) => {
        const found = model.field.get(field);
        if (!found) throw new Error(`${model.id} has no field "${field}"`);
        return `${quotedAlias}.${quoteIdent(found.column)}`;
      };
      return {
        table: `${quoteIdent(model.table)} AS ${quotedAlias}`,
        scope: scopeConditions(model, scope, params, quotedAlias).join(' AND '),
        col: column,
        where: (where) => whereConditions(model, where, params, `${quotedAlias}.`).join(' AND ') || 'TRUE',
        model,
      };
    },
    param: (value) => params.add(value),
    async rows<R>(text: string) {
      return (await db.query(text, params.values)).rows as R[];
    },
  };
}
