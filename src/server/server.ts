/**
 * Starts the whole server: data-directory lock, database (embedded or
 * DATABASE_URL), migrations, seeding, signing key, the application's
 * least-privilege database role, HTTP. Returns a handle whose close() drains
 * requests and shuts the database down cleanly.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadSigningKey } from './auth/signingKey.js';
import type { ServerConfig } from './config.js';
import { ensureAppRole } from './db/appRole.js';
import { lockDataDir } from './db/dataDirLock.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embeddedDatabase.js';
import { fieldSecretsOf, installFieldSecrets, sealStoredPlainSecrets } from './engine/fieldSecrets.js';
import { migrate } from './db/migrate.js';
import { setOwnerPool } from './db/ownerPool.js';
import { createPool, type Db } from './db/pool.js';
import type { EntityModel } from './engine/entityModel.js';
import { entityModels } from './engine/entityRegistry.js';
import { schedulePruning } from './db/pruning.js';
import { scheduleWorkflowTimers } from './workflow/runtime/timerScheduler.js';
import { seedDatabase, type SeedResult } from './seed/seedDatabase.js';
import type { DictSeed } from './seed/seedTypes.js';

export interface RunningServer {
  app: FastifyInstance;
  /** The owner connection: migrations, DDL, fixtures in tests. */
  db: Db;
  /** The pool requests run on: the least-privilege role when it could be set up (db/appRole.ts), else `db` itself. */
  appDb: Db;
  url: string;
  databaseUrl: string;
  isEmbedded: boolean;
  /** Where the embedded cluster keeps its files. */
  databaseDir?: string;
  seed: SeedResult;
  migrationWarnings: string[];
  /** Drains requests (at most DRAIN_MS), closes the pools, stops the embedded database, releases the data directory. */
  close(): Promise<void>;
  /** For a process that is dying (uncaught exception): asks the embedded database to stop and releases the lock, synchronously. */
  abandon(): void;
}

/** How long in-flight requests may finish after a stop was asked for; the rest are cut. */
export const DRAIN_MS = 25_000;

/**
 * Stops accepting connections, closes idle keep-alive connections, and waits for the requests in flight
 * (Fastify answers 503 to requests arriving meanwhile on an open connection). A request still running
 * at the deadline is cut so that a stuck client cannot hold the stop forever.
 */
async function drain(app: FastifyInstance): Promise<void> {
  const deadline = setTimeout(() => app.server.closeAllConnections(), DRAIN_MS);
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
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
  let appDb: Db | undefined;
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
    const seed = await seedDatabase(db, { demo: options.demo, demoReadings: config.demoReadings, models, extraDictionaries: options.extraDictionaries });
    const signingKey = await loadSigningKey(db, config.tokenSigningKey);
    const appUrl = await ensureAppRole(db, databaseUrl, log);
    if (appUrl) appDb = createPool(appUrl, config.pgPoolSize);
    const requestDb = appDb ?? db;
    setOwnerPool(requestDb, db);
    const app = await buildApp({ db: requestDb, config, signingKey, models, logger: options.logger, logRequests: options.logRequests });
    // The owner pool opens the same sealed fields (maintenance code and the tests read through it).
    installFieldSecrets(db, fieldSecretsOf(requestDb));
    // Secrets stored in plain before their field was encrypted (or by the seeds) are sealed once.
    const sealed = await sealStoredPlainSecrets(requestDb, models, fieldSecretsOf(requestDb));
    if (sealed > 0) log(`sealed ${sealed} stored secrets`);
    const stopPruning = schedulePruning(requestDb);
    const stopWorkflowTimers = scheduleWorkflowTimers(requestDb, log);
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const openDb = db;
    const openAppDb = appDb;
    return {
      app,
      db: openDb,
      appDb: requestDb,
      url: `http://localhost:${port}`,
      databaseUrl,
      isEmbedded: !!embedded,
      databaseDir: embedded?.databaseDir,
      seed,
      migrationWarnings: plan.warnings,
      close: async () => {
        stopPruning();
        await stopWorkflowTimers();
        await drain(app);
        await openAppDb?.end();
        await openDb.end();
        await embedded?.stop();
        releaseLock?.();
      },
      abandon: () => {
        embedded?.stopNow();
        releaseLock?.();
      },
    };
  } catch (error) {
    await appDb?.end().catch(() => {});
    await db?.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    releaseLock?.();
    throw error;
  }
}
