/**
 * The one PostgreSQL driver (`pg`) and pool. Everything that writes more than
 * one row goes through `withTransaction`.
 */
import pg from 'pg';

// bigint (int8) and numeric arrive as strings from pg. Ids stay strings (the
// contract sends them as strings); numeric columns hold measurements that the
// console treats as numbers.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
// Timestamps are wall-clock times in the tenant's zone, shown as `yyyy-MM-dd HH:mm:ss`:
// keep PostgreSQL's text instead of turning them into JavaScript Dates in the server's zone.
pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, (value) => value.slice(0, 19));
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type Db = pg.Pool;
export type DbClient = pg.PoolClient;
export type Queryable = pg.Pool | pg.PoolClient;

/** Wall-clock zone of stored times (DESIGN §5: Asia/Shanghai by default). */
export const DATABASE_TIME_ZONE = 'Asia/Shanghai';

/** How long a request may wait for a free or new connection. */
export const CONNECT_TIMEOUT_MS = 10_000;

export function createPool(connectionString: string, max: number): Db {
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30000,
    // A request waits at most this long for a connection, then answers 503 (db/databaseOutage.ts) instead of hanging.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    options: `-c TimeZone=${DATABASE_TIME_ZONE}`,
  });
  // A client losing its connection (PostgreSQL restarted, PANICked on a full disk, the backend was
  // terminated) emits 'error'. pg-pool listens only while a client is idle; a checked-out client's
  // unhandled 'error' would end the process. Every client gets a listener for its whole life: the
  // query that was running fails on its own and the pool discards the broken client on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  pool.on('error', () => {});
  return pool;
}

export async function withTransaction<T>(db: Db, work: (client: DbClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
