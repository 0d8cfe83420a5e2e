/**
 * Starts the whole server: data-directory lock, database (embedded or
 * DATABASE_URL), migrations, seeding, signing key, HTTP. Returns a handle
 * whose close() drains requests and shuts the database down cleanly.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadSigningKey } from './auth/signingKey.js';
import type { ServerConfig } from './config.js';
import { lockDataDir } from './db/dataDirLock.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embeddedDatabase.js';
import { fieldSecretsOf, sealStoredPlainSecrets } from './engine/fieldSecrets.js';
import { migrate } from './db/migrate.js';
import { createPool, type Db } from './db/pool.js';
import type { EntityModel } from './engine/entityModel.js';
import { entityModels } from './engine/entityRegistry.js';
import { schedulePruning } from './db/pruning.js';
import { seedDatabase, type SeedResult } from './seed/seedDatabase.js';
import type { DictSeed } from './seed/seedTypes.js';

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  url: string;
  databaseUrl: string;
  isEmbedded: boolean;
  seed: SeedResult;
  migrationWarnings: string[];
  close(): Promise<void>;
}

export interface StartOptions {
  demo: boolean;
  /** false silences the server log entirely (tests); it logs errors otherwise. */
  logger?: boolean;
  logRequests?: boolean;
  log?: (line: string) => void;
  /** Registers beyond the schemas of the repository (tests declare their own). */
  extraModels?: EntityModel[];
  /** Dictionaries beyond dictionaries/*.json (a test's register with its own dictionary file). */
  extraDictionaries?: DictSeed[];
}

export async function startServer(config: ServerConfig, options: StartOptions): Promise<RunningServer> {
  const log = options.log ?? (() => {});
  let releaseLock: (() => void) | undefined;
  let embedded: EmbeddedDatabase | undefined;
  let db: Db | undefined;
  try {
    if (!config.databaseUrl) {
      releaseLock = lockDataDir(config.dataDir);
      log(`starting the embedded PostgreSQL in ${config.dataDir}/pg`);
      embedded = await startEmbeddedDatabase(config.dataDir);
    }
    const databaseUrl = config.databaseUrl ?? embedded!.url;
    db = createPool(databaseUrl, config.pgPoolSize);
    const models = [...entityModels(), ...(options.extraModels ?? [])];
    const plan = await migrate(db, models);
    for (const warning of plan.warnings) log(`migration warning: ${warning}`);
    for (const notice of plan.notices) log(`migration: ${notice}`);
    if (plan.statements.length > 0) log(`applied ${plan.statements.length} migration statements`);
    const seed = await seedDatabase(db, { demo: options.demo, models, extraDictionaries: options.extraDictionaries });
    const signingKey = await loadSigningKey(db, config.tokenSigningKey);
    const app = await buildApp({ db, config, signingKey, models, logger: options.logger, logRequests: options.logRequests });
    // Secrets stored in plain before their field was encrypted (or by the seeds) are sealed once.
    const sealed = await sealStoredPlainSecrets(db, models, fieldSecretsOf(db));
    if (sealed > 0) log(`sealed ${sealed} stored secrets`);
    const stopPruning = schedulePruning(db);
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const openDb = db;
    return {
      app,
      db: openDb,
      url: `http://localhost:${port}`,
      databaseUrl,
      isEmbedded: !!embedded,
      seed,
      migrationWarnings: plan.warnings,
      close: async () => {
        stopPruning();
        await app.close();
        await openDb.end();
        await embedded?.stop();
        releaseLock?.();
      },
    };
  } catch (error) {
    await db?.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    releaseLock?.();
    throw error;
  }
}
