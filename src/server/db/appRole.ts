/**
 * The application's least-privilege database role. Migrations, seeding and
 * the code generator's runtime DDL run on the owner connection (DATABASE_URL,
 * or the embedded cluster's superuser); requests run as a per-database role
 * `rsc_app_<database>`: LOGIN, NOSUPERUSER, NOCREATEDB, NOCREATEROLE, owning
 * nothing, with SELECT/INSERT/UPDATE/DELETE on the schema's tables and
 * USAGE/SELECT on its sequences, also for tables created later (default
 * privileges of the owner). A SQL injection that slipped past the query layer
 * could then not create, alter or drop tables, read pg_authid, or run programs
 * (COPY ... TO PROGRAM). Its password is generated once and kept with the other
 * deployment secrets, so every instance sharing the database uses it. When the
 * owner may not create roles, the app runs as given and says how to set one up.
 *
 * No row-level security behind it, and why: a tenant policy needs the caller's
 * tenant in the session (SET LOCAL / set_config) before every statement. The
 * engine runs most reads straight on the shared pool (db.query on whichever
 * connection is free), not on a connection held per request, so each query
 * would need its own extra round trip or a per-request connection held for the
 * whole request (a pool of 10 would then cap concurrent requests at 10, and a
 * slow upload would hold a connection). Many statements are also legitimately
 * cross-tenant (the platform tenant 000000, sign-in before the tenant is
 * known, pruning, captcha, tenant creation), so every policy would need a
 * bypass that the same connection could set. Tenant isolation therefore stays
 * in the query layer (engine/sqlBuilder: every statement on a tenant table is
 * built with its tenant condition) and is covered by the isolation tests.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { lockMigrations } from './migrate.js';
import { withTransaction, type Db, type DbClient } from './pool.js';

const SECRET_NAME = 'app_role_password';

/** The role's name for a database: roles are cluster-wide, databases (and the tests' many databases) are not. */
export function appRoleName(database: string): string {
  const plain = database.toLowerCase();
  if (/^[a-z0-9_]{1,50}$/.test(plain)) return `rsc_app_${plain}`;
  return `rsc_app_${crypto.createHash('sha256').update(database).digest('hex').slice(0, 24)}`;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The advice logged when the owner cannot create the role (also the README's text). */
export function leastPrivilegeAdvice(owner: string, role: string): string {
  return (
    `the database role ${owner} cannot create roles, so requests run as ${owner} itself. ` +
    `For a least-privilege role, run once as a superuser: ALTER ROLE ${ident(owner)} CREATEROLE; ` +
    `the server then creates ${role} (no DDL, no superuser rights) at its next start and serves requests as it.`
  );
}

interface Owner {
  user: string;
  database: string;
  schema: string;
  mayCreateRoles: boolean;
}

async function readOwner(client: DbClient): Promise<Owner> {
  const result = await client.query<Owner>(
    `SELECT current_user AS "user", current_database() AS "database", current_schema() AS "schema", (r.rolsuper OR r.rolcreaterole) AS "mayCreateRoles"
       FROM pg_roles r WHERE r.rolname = current_user`,
  );
  return result.rows[0];
}

async function storedPassword(client: DbClient): Promise<string> {
  const generated = crypto.randomBytes(32).toString('base64url');
  await client.query(`INSERT INTO rsc_deployment_secret (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [SECRET_NAME, generated]);
  return (await client.query<{ value: string }>(`SELECT value FROM rsc_deployment_secret WHERE name = $1`, [SECRET_NAME])).rows[0].value;
}

/** Creates the role or resets its password, and refuses a role that has gained rights it must not have. */
async function ensureRole(client: DbClient, role: string, password: string): Promise<void> {
  const literal = client.escapeLiteral(password);
  const existing = await client.query<{ wide: boolean }>(
    `SELECT (rolsuper OR rolcreatedb OR rolcreaterole OR rolreplication OR rolbypassrls) AS wide FROM pg_roles WHERE rolname = $1`,
    [role],
  );
  if (existing.rowCount === 0) {
    await client.query(`CREATE ROLE ${ident(role)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${literal}`);
  } else {
    if (existing.rows[0].wide)
      throw new Error(`The database role ${role} has rights it must not have (superuser, createdb, createrole, replication or bypassrls).`);
    await client.query(`ALTER ROLE ${ident(role)} WITH LOGIN PASSWORD ${literal}`);
  }
}

/** Data rights on everything in the schema, now and later; no right to create in it. */
async function grantDataRights(client: DbClient, owner: Owner, role: string, log: (line: string) => void): Promise<void> {
  const schema = ident(owner.schema);
  const to = ident(role);
  await client.query(`GRANT CONNECT ON DATABASE ${ident(owner.database)} TO ${to}`);
  await client.query(`GRANT USAGE ON SCHEMA ${schema} TO ${to}`);
  await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${to}`);
  await client.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${schema} TO ${to}`);
  // The token signing key and this role's own password are read at start, on the owner connection:
  // an injected query running as the application could otherwise read the key and forge tokens.
  await client.query(`REVOKE ALL ON rsc_deployment_secret FROM ${to}`);
  // Tables the owner creates later (a generated register, the next version's migrations) are covered at once.
  await client.query(`ALTER DEFAULT PRIVILEGES FOR ROLE ${ident(owner.user)} IN SCHEMA ${schema} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${to}`);
  await client.query(`ALTER DEFAULT PRIVILEGES FOR ROLE ${ident(owner.user)} IN SCHEMA ${schema} GRANT USAGE, SELECT ON SEQUENCES TO ${to}`);
  const mayCreate = async () =>
    (await client.query<{ yes: boolean }>(`SELECT has_schema_privilege($1, $2, 'CREATE') AS yes`, [role, owner.schema])).rows[0].yes;
  if (await mayCreate()) {
    // PostgreSQL before 15 lets everyone create in the public schema.
    log(`revoking CREATE on schema ${owner.schema} from PUBLIC (the application role must not create tables)`);
    await client.query(`REVOKE CREATE ON SCHEMA ${schema} FROM PUBLIC`);
    await client.query(`REVOKE CREATE ON SCHEMA ${schema} FROM ${to}`);
    if (await mayCreate()) throw new Error(`The database role ${role} may still create tables in schema ${owner.schema}.`);
  }
}

/** The URL of the owner's database with the application role's credentials. */
function urlAs(ownerUrl: string, role: string, password: string): string {
  const url = new URL(ownerUrl);
  url.username = encodeURIComponent(role);
  url.password = encodeURIComponent(password);
  return url.toString();
}

async function canConnect(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Prepares the application role on the owner's database and returns the URL to serve requests with,
 * or undefined when requests must run as the owner (it cannot create roles, or the role cannot log in).
 */
export async function ensureAppRole(ownerDb: Db, ownerUrl: string, log: (line: string) => void): Promise<string | undefined> {
  const prepared = await withTransaction(ownerDb, async (client) => {
    // Serialised with migrations: instances starting together must not race to create the role.
    await lockMigrations(client);
    const owner = await readOwner(client);
    const role = appRoleName(owner.database);
    if (!owner.mayCreateRoles) return { warning: leastPrivilegeAdvice(owner.user, role) };
    const password = await storedPassword(client);
    await ensureRole(client, role, password);
    await grantDataRights(client, owner, role, log);
    return { url: urlAs(ownerUrl, role, password), role };
  });
  if (!prepared.url) {
    log(`warning: ${prepared.warning}`);
    return undefined;
  }
  const problem = await canConnect(prepared.url);
  if (problem) {
    log(
      `warning: the application role ${prepared.role} cannot sign in (${problem}); requests run as the owner role. Allow password sign-in for it in pg_hba.conf.`,
    );
    return undefined;
  }
  return prepared.url;
}
