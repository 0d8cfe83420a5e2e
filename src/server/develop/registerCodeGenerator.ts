/**
 * The code generator's part of the application, registered once at start-up:
 * its services (data-source networks), the stored runtime
 * registers brought up to date (their table exists, additive migrations run,
 * a broken one is logged and left out), and the one catch-all route that
 * serves them under /api/generated/.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import { applyPlan, lockMigrations, planModels } from '../db/migrate.js';
import { ownerPoolOf } from '../db/ownerPool.js';
import { withTransaction, type Db } from '../db/pool.js';
import type { EntityModel } from '../engine/entityModel.js';
import { registerRuntimeRegisterRoutes } from '../engine/runtimeRegisters.js';
import { setDevelopServices } from './developServices.js';
import { GENERATED_ROUTE_PREFIX } from './generatedNames.js';
import { checkGeneratedSchema } from './generatedSchemaCheck.js';
import { isStaticSchema, runtimeModel } from './runtimeRegistry.js';
import { readAllRuntimeSchemas, RUNTIME_SCHEMA_DDL } from './runtimeSchemaStore.js';

export interface CodeGeneratorOptions {
  db: Db;
  config: ServerConfig;
}

/** Creates the store if needed and migrates every stored register's table; returns problems to log. */
async function prepareRuntimeRegisters(db: Db): Promise<string[]> {
  return withTransaction(db, async (tx) => {
    const problems: string[] = [];
    // Under the migration lock, like every DDL at start-up (several instances may start together).
    await lockMigrations(tx);
    const models: EntityModel[] = [];
    for (const statement of RUNTIME_SCHEMA_DDL) await tx.query(statement);
    for (const stored of await readAllRuntimeSchemas(tx)) {
      if (isStaticSchema(stored.code)) continue;
      try {
        models.push(checkGeneratedSchema(stored.schema));
      } catch (error) {
        problems.push(`generated register ${stored.code} is not served: ${(error as Error).message}`);
      }
    }
    const migration = await planModels(tx, models);
    problems.push(...migration.warnings);
    await applyPlan(tx, migration);
    return problems;
  });
}

export async function registerCodeGenerator(app: FastifyInstance, options: CodeGeneratorOptions): Promise<void> {
  const { db, config } = options;
  setDevelopServices(db, { allowNetworks: config.datasourceAllowNetworks });
  // DDL: on the owner connection (requests run as a role that may not create tables).
  for (const problem of await prepareRuntimeRegisters(ownerPoolOf(db))) app.log.warn(problem);
  registerRuntimeRegisterRoutes(app, db, GENERATED_ROUTE_PREFIX, (code) => runtimeModel(db, code));
}
