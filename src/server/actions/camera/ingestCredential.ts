/**
 * Who is posting alarms: a camera account named by X-Camera-Account whose
 * sealed ingestion key matches X-Ingest-Key. The account row names the
 * tenant (never the body), and the alarms are written as the account's
 * creator in the account's department, so they fall in the data scope of
 * whoever manages the account's cameras.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/pool.js';
import { isIdString } from '../../db/ids.js';
import { entityModel } from '../../engine/entityRegistry.js';
import { fieldSecretsOf } from '../../engine/fieldSecrets.js';
import { quoteIdent } from '../../engine/naming.js';
import { ApiError } from '../../http/apiError.js';
import type { Caller } from '../../http/caller.js';

export const ACCOUNT_HEADER = 'x-camera-account';
export const KEY_HEADER = 'x-ingest-key';

export interface IngestAccount {
  accountId: string;
  caller: Caller;
}

interface AccountRow {
  id: string;
  tenantId: string;
  createUser: string;
  createDept: string | null;
  ingestKey: string | null;
}

const refused = () =>
  new ApiError(401, {
    zh: '告警接入认证失败：请在请求头 X-Camera-Account 和 X-Ingest-Key 中提供摄像头账号编号及其告警接入密钥',
    en: 'Alarm ingestion refused: send the camera account id in X-Camera-Account and its ingestion key in X-Ingest-Key',
  });

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Compares digests so the time taken says nothing about how much of the key matched. */
function sameKey(given: string, stored: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(stored).digest();
  return crypto.timingSafeEqual(a, b);
}

async function accountRow(db: Db, id: string): Promise<AccountRow | undefined> {
  const model = entityModel('camera/cameraAccount');
  const keyColumn = quoteIdent(model.field.get('ingestKey')!.column);
  // The tenant must be live (not removed, disabled or expired): its users cannot sign in, so its cameras cannot post.
  // tenant-sql: no session here — the credential names the account, and the account row names the tenant.
  const found = await db.query<AccountRow>(
    `SELECT a."id"::text AS "id", a.tenant_id AS "tenantId", a.create_user::text AS "createUser", a.create_dept::text AS "createDept", a.${keyColumn} AS "ingestKey"
       FROM ${quoteIdent(model.table)} a JOIN blade_tenant t ON t.tenant_id = a.tenant_id
      WHERE a."id" = $1 AND a.is_deleted = 0
        AND t.is_deleted = 0 AND t.status = 1 AND (t.expire_time IS NULL OR t.expire_time >= LOCALTIMESTAMP)`,
    [id],
  );
  return found.rows[0];
}

/** The account and the caller its alarms are written as; 401 for an unknown account, a wrong key or an account without one. */
export async function ingestAccountOf(db: Db, request: FastifyRequest): Promise<IngestAccount> {
  const accountId = headerOf(request, ACCOUNT_HEADER);
  const key = headerOf(request, KEY_HEADER);
  if (!accountId || !key || !isIdString(accountId)) throw refused();
  const row = await accountRow(db, accountId);
  const model = entityModel('camera/cameraAccount');
  const stored = row?.ingestKey ? fieldSecretsOf(db).cipher(model.table, model.field.get('ingestKey')!.column).open(row.ingestKey) : undefined;
  // Compare even when there is nothing to compare with, so an unknown account answers as slowly as a wrong key.
  const matches = sameKey(key, stored ?? crypto.randomBytes(32).toString('hex'));
  if (!row || !stored || !matches) throw refused();
  return {
    accountId: row.id,
    caller: {
      tenantId: row.tenantId,
      userId: row.createUser,
      deptId: row.createDept,
      roleIds: [],
      account: `camera-account:${row.id}`,
      clientId: 'camera-ingest',
    },
  };
}
