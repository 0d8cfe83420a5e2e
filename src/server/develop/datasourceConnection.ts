/**
 * Connections to data sources. The built-in one (id 0) is the application's
 * own pool. Any other is a short-lived, read-only `pg` client to a host that
 * passed the outbound guard (only public addresses, or networks listed in
 * DATASOURCE_ALLOW_NETWORKS), connected to the very address that was checked,
 * with short time limits. The driver's message is what a failed test shows.
 */
import pg from 'pg';
import { checkOutboundUrl, OutboundRequestError, type Resolver } from '../auth/outboundGuard.js';
import type { Db, Queryable } from '../db/pool.js';
import { fieldSecretsOf } from '../engine/fieldSecrets.js';
import { badRequest, notFound } from '../http/apiError.js';
import { developServicesOf } from './developServices.js';

export const BUILT_IN_DATASOURCE_ID = '0';
export const BUILT_IN_DATASOURCE = { zh: '本系统数据库', en: "This system's database" };
const CONNECT_TIMEOUT_MS = 5000;
const STATEMENT_TIMEOUT_MS = 10_000;

export interface ConnectionTarget {
  url: string;
  username: string;
  password: string;
}

/** Something catalog queries can run on: the application's pool or a data source's client. */
export type CatalogReader = Queryable | pg.Client;

interface ParsedUrl {
  host: string;
  port: number;
  database: string;
}

function parseUrl(url: string): ParsedUrl {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest('连接地址格式不正确', 'The URL is not valid');
  }
  const database = decodeURIComponent(parsed.pathname.slice(1));
  if (!['postgres:', 'postgresql:'].includes(parsed.protocol) || !parsed.hostname || !database || parsed.username || parsed.password || parsed.search) {
    throw badRequest('连接地址格式应为 postgres://主机:端口/数据库', 'The URL must look like postgres://host:port/database');
  }
  return { host: parsed.hostname, port: parsed.port ? Number(parsed.port) : 5432, database };
}

/** The guard's refusal in the caller's words. */
function refusal(error: OutboundRequestError, host: string) {
  if (error.reason === 'address') {
    return badRequest(
      `不允许连接该数据源地址：${host} 不是公网地址，也不在 DATASOURCE_ALLOW_NETWORKS 允许的网络内`,
      `The data source address is not allowed: ${host} is not public and not in a network DATASOURCE_ALLOW_NETWORKS allows`,
    );
  }
  if (error.reason === 'dns') return badRequest(`无法解析数据源主机 ${host}`, `The data source host ${host} could not be resolved`);
  return badRequest(`不允许连接该数据源地址：${error.message}`, `The data source address is not allowed: ${error.message}`);
}

/** The addresses the host may be reached at, after the outbound guard; refusals become a 400 with the guard's reason. */
async function checkedAddresses(db: Db, target: ParsedUrl, resolve?: Resolver): Promise<string[]> {
  const { allowNetworks } = developServicesOf(db);
  try {
    const checked = await checkOutboundUrl(`http://${target.host}:${target.port}/`, { schemes: ['http:'], allowNetworks }, resolve);
    return checked.addresses;
  } catch (error) {
    if (!(error instanceof OutboundRequestError)) throw error;
    throw refusal(error, target.host);
  }
}

function driverMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').slice(0, 300) || 'unknown error';
}

/** Connects to a data source (guarded, read-only, time-limited), runs the work and disconnects. */
export async function withConnection<T>(db: Db, target: ConnectionTarget, work: (client: pg.Client) => Promise<T>, resolve?: Resolver): Promise<T> {
  const parsed = parseUrl(target.url);
  const [address] = await checkedAddresses(db, parsed, resolve);
  const client = new pg.Client({
    host: address,
    port: parsed.port,
    database: parsed.database,
    user: target.username,
    password: target.password,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: STATEMENT_TIMEOUT_MS,
    application_name: 'rsc-code-generator',
    // The generator only reads definitions: nothing it runs there can write.
    options: '-c default_transaction_read_only=on',
  });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw badRequest(`连接失败：${driverMessage(error)}`, `Connection failed: ${driverMessage(error)}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Connects and asks the server its version: the data source's connection test. */
export async function testConnection(db: Db, target: ConnectionTarget): Promise<{ version: string }> {
  return withConnection(db, target, async (client) => {
    const result = await client.query<{ version: string }>("SELECT current_setting('server_version') AS version");
    return { version: result.rows[0]?.version ?? '' };
  });
}

/** The stored connection of a saved data source, its password opened. */
export async function storedTarget(db: Db, id: string): Promise<ConnectionTarget> {
  const result = await db.query<{ url: string; username: string; password: string | null }>(
    'SELECT url, username, password FROM blade_datasource WHERE id = $1 AND is_deleted = 0',
    [id],
  );
  const row = result.rows[0];
  if (!row) throw notFound('数据源不存在或已被删除', 'The data source does not exist or has been deleted');
  const password = row.password ? fieldSecretsOf(db).cipher('blade_datasource', 'password').open(row.password) : '';
  if (password === undefined)
    throw badRequest('保存的数据源密码无法读取，请重新填写密码', 'The stored password of this data source cannot be read; enter it again');
  return { url: row.url, username: row.username, password };
}

/** Runs catalog work on a data source: the application's own pool for the built-in one. */
export async function withDatasource<T>(db: Db, datasourceId: string, work: (reader: CatalogReader) => Promise<T>): Promise<T> {
  if (datasourceId === BUILT_IN_DATASOURCE_ID) return work(db);
  return withConnection(db, await storedTarget(db, datasourceId), work);
}
