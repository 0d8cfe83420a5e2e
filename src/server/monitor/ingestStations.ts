/**
 * Who is reporting: the stations a batch names by code, in the tenant the
 * request names, each with its sealed device key (info/station.deviceKey,
 * set by the station's deviceKey action). The tenant must be live (not
 * removed, disabled or expired): its users cannot sign in, so its devices
 * cannot report. Keys are compared in constant time (digests), and an
 * unknown station is compared against a random key so that it answers as a
 * wrong key does. Opened keys are cached per (station id, sealed text): a new
 * key is a new sealed text, so a replaced key is never used again.
 */
import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/pool.js';
import { entityModel } from '../engine/entityRegistry.js';
import { fieldSecretsOf } from '../engine/fieldSecrets.js';
import { quoteIdent } from '../engine/naming.js';
import type { Caller } from '../http/caller.js';
import type { StationFacts } from './readingRules.js';

export interface IngestStation extends StationFacts {
  stationCode: string;
  createUser: string;
  createDept: string | null;
  /** The sealed key as stored (null: the station has no key). */
  sealedKey: string | null;
}

const TENANT_ID = /^[0-9A-Za-z_-]{1,12}$/;
const KEY_CACHE_LIMIT = 10_000;
const openedKeys = new Map<string, string>();

/** Whether the tenant exists and may work now. */
export async function isLiveTenant(db: Queryable, tenantId: string): Promise<boolean> {
  if (!TENANT_ID.test(tenantId)) return false;
  const result = await db.query(
    `SELECT 1 FROM blade_tenant WHERE tenant_id = $1 AND is_deleted = 0 AND status = 1 AND (expire_time IS NULL OR expire_time >= LOCALTIMESTAMP)`,
    [tenantId],
  );
  return (result.rowCount ?? 0) > 0;
}

/** The tenant's live stations with these codes, by code. */
export async function stationsByCode(db: Queryable, tenantId: string, codes: string[]): Promise<Map<string, IngestStation>> {
  const wanted = [...new Set(codes.filter((code) => typeof code === 'string' && code !== '' && code.length <= 64))];
  if (wanted.length === 0) return new Map();
  const model = entityModel('info/station');
  const keyColumn = quoteIdent(model.field.get('deviceKey')!.column);
  // tenant-sql: no session here — the device names its tenant and station; its key (checked by the caller) proves it.
  const result = await db.query<IngestStation>(
    `SELECT s."id"::text AS "id", s."station_code" AS "stationCode", s."station_name" AS "stationName", s."reservoir_id"::text AS "reservoirId",
            s."monitor_type" AS "monitorType", s.create_user::text AS "createUser", s.create_dept::text AS "createDept", s.${keyColumn} AS "sealedKey"
       FROM ${quoteIdent(model.table)} s
      WHERE s.tenant_id = $1 AND s.is_deleted = 0 AND s."station_code" = ANY($2::text[])`,
    [tenantId, wanted],
  );
  return new Map(result.rows.map((row) => [row.stationCode, row]));
}

function openedKeyOf(db: Db, station: IngestStation): string | undefined {
  if (!station.sealedKey) return undefined;
  // The sealed text changes with every key (a fresh nonce), so a replaced key never hits the cache.
  const cacheKey = `${station.id}|${station.sealedKey}`;
  const cached = openedKeys.get(cacheKey);
  if (cached !== undefined) return cached;
  const model = entityModel('info/station');
  const opened = fieldSecretsOf(db).cipher(model.table, model.field.get('deviceKey')!.column).open(station.sealedKey);
  if (opened === undefined) return undefined;
  if (openedKeys.size >= KEY_CACHE_LIMIT) openedKeys.clear();
  openedKeys.set(cacheKey, opened);
  return opened;
}

/** Compares digests so the time taken says nothing about how much of the key matched. */
function sameKey(given: string, stored: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(stored).digest();
  return crypto.timingSafeEqual(a, b);
}

/** Whether `given` is the station's device key (false for a station without a key, or no station). */
export function deviceKeyMatches(db: Db, station: IngestStation | undefined, given: unknown): boolean {
  const stored = station ? openedKeyOf(db, station) : undefined;
  const matches = sameKey(typeof given === 'string' ? given : '', stored ?? crypto.randomBytes(32).toString('hex'));
  return !!stored && typeof given === 'string' && given !== '' && matches;
}

/** The caller a station's readings are written as: its creator in its creator's department, so data scopes see them. */
export function stationCaller(tenantId: string, station: IngestStation, channel: string): Caller {
  return {
    tenantId,
    userId: station.createUser,
    deptId: station.createDept,
    roleIds: [],
    account: `station:${station.stationCode}`,
    clientId: `monitor-${channel}`,
  };
}
