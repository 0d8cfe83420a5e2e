/**
 * Where generated registers live between restarts: one row per register code
 * in rsc_runtime_schema (platform-wide), holding the schema as written (json keeps
 * the order of its fields) and a revision
 * that every regeneration raises. Instances read the revision per request,
 * so a register generated on one instance is served by all of them at once.
 */
import type { EntitySchema } from '../../shared/entitySchema.js';
import type { Queryable } from '../db/pool.js';

export const RUNTIME_SCHEMA_DDL = [
  `CREATE TABLE IF NOT EXISTS rsc_runtime_schema (
     code varchar(41) PRIMARY KEY,
     schema json NOT NULL,
     revision integer NOT NULL DEFAULT 1,
     model_id bigint NOT NULL,
     code_id bigint NOT NULL,
     create_user bigint,
     create_time timestamp(0) NOT NULL DEFAULT LOCALTIMESTAMP(0),
     update_user bigint,
     update_time timestamp(0) NOT NULL DEFAULT LOCALTIMESTAMP(0)
   )`,
  // json, not jsonb: a schema's key order is its field order (jsonb sorts keys).
  `DO $$ BEGIN
     IF (SELECT data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'rsc_runtime_schema' AND column_name = 'schema') = 'jsonb' THEN
       ALTER TABLE rsc_runtime_schema ALTER COLUMN schema TYPE json USING schema::text::json;
     END IF;
   END $$`,
];

export interface StoredRuntimeSchema {
  code: string;
  schema: EntitySchema;
  revision: number;
  modelId: string;
}

const COLUMNS = `code, schema, revision, model_id::text AS "modelId"`;

export async function readRevision(db: Queryable, code: string): Promise<number | undefined> {
  const result = await db.query<{ revision: number }>('SELECT revision FROM rsc_runtime_schema WHERE code = $1', [code]);
  return result.rows[0]?.revision;
}

export async function readRuntimeSchema(db: Queryable, code: string, options: { forUpdate?: boolean } = {}): Promise<StoredRuntimeSchema | undefined> {
  const result = await db.query<StoredRuntimeSchema>(`SELECT ${COLUMNS} FROM rsc_runtime_schema WHERE code = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [
    code,
  ]);
  return result.rows[0];
}

export async function readAllRuntimeSchemas(db: Queryable): Promise<StoredRuntimeSchema[]> {
  return (await db.query<StoredRuntimeSchema>(`SELECT ${COLUMNS} FROM rsc_runtime_schema ORDER BY code`)).rows;
}

/** Inserts the register or stores its new schema under the next revision. */
export async function saveRuntimeSchema(
  db: Queryable,
  row: { code: string; schema: EntitySchema; modelId: string; codeId: string; userId: string },
): Promise<number> {
  const result = await db.query<{ revision: number }>(
    `INSERT INTO rsc_runtime_schema (code, schema, model_id, code_id, create_user, update_user) VALUES ($1, $2, $3, $4, $5, $5)
       ON CONFLICT (code) DO UPDATE SET schema = EXCLUDED.schema, revision = rsc_runtime_schema.revision + 1, code_id = EXCLUDED.code_id,
         update_user = EXCLUDED.update_user, update_time = LOCALTIMESTAMP(0)
     RETURNING revision`,
    [row.code, JSON.stringify(row.schema), row.modelId, row.codeId, row.userId],
  );
  return result.rows[0].revision;
}
