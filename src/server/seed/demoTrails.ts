/**
 * GPS trails of the demo maintenance and cleaning records (their registers
 * maintain/trail and clean/trail): each record's worker walks the dam crest,
 * the spillway and the downstream toe from the management house and back
 * (demoWalk.ts), starting a few minutes after the record's start. The demo
 * inspection items get the position of the trail point they were checked at,
 * so their photos show at their places on the record's map. Only records
 * without a trail and items without a position are touched: seeding twice
 * changes nothing.
 */
import { nextId } from '../db/ids.js';
import type { DbClient } from '../db/pool.js';
import { entityModel } from '../engine/entityRegistry.js';
import { quoteIdent } from '../engine/naming.js';
import { demoWalk } from './demoWalk.js';
import { insertRows } from './insertRows.js';

const table = (schemaId: 'maintain/record' | 'clean/record' | 'maintain/trail' | 'clean/trail' | 'inspect/recordItem' | 'inspect/trail') =>
  entityModel(schemaId).table;

interface RecordSite {
  id: string;
  tenant_id: string;
  create_user: string | null;
  create_dept: string | null;
  start_time: string;
  reservoir_id: string;
  longitude: number;
  latitude: number;
  dam_length: number | null;
}

/** 'YYYY-MM-DD HH:mm:ss' plus seconds, as wall-clock time (no time zone involved). */
function addSeconds(time: string, seconds: number): string {
  const at = new Date(`${time.replace(' ', 'T')}Z`);
  return new Date(at.getTime() + seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

async function recordsWithoutTrail(db: DbClient, kind: 'maintain' | 'clean', tenantIds: string[]): Promise<RecordSite[]> {
  const found = await db.query<RecordSite>(
    `SELECT r.id::text AS id, r.tenant_id, r.create_user::text AS create_user, r.create_dept::text AS create_dept,
            to_char(r.start_time, 'YYYY-MM-DD HH24:MI:SS') AS start_time, r.reservoir_id::text AS reservoir_id,
            res.longitude::float8 AS longitude, res.latitude::float8 AS latitude, res.dam_length::float8 AS dam_length
       FROM ${quoteIdent(table(`${kind}/record`))} r
       JOIN rsc_reservoir res ON res.id = r.reservoir_id AND res.tenant_id = r.tenant_id
      WHERE r.tenant_id = ANY($1::text[]) AND r.is_deleted = 0 AND r.start_time IS NOT NULL
        AND res.longitude IS NOT NULL AND res.latitude IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM ${quoteIdent(table(`${kind}/trail`))} t WHERE t.record_id = r.id)`,
    [tenantIds],
  );
  return found.rows;
}

async function seedWalks(db: DbClient, kind: 'maintain' | 'clean', tenantIds: string[]): Promise<void> {
  const rows: unknown[][] = [];
  for (const record of await recordsWithoutTrail(db, kind, tenantIds)) {
    const walk = demoWalk({ reservoirKey: record.reservoir_id, walkKey: record.id, lng: record.longitude, lat: record.latitude, damLength: record.dam_length });
    const start = addSeconds(record.start_time, 300);
    walk.forEach((point, index) => {
      rows.push([
        nextId(),
        record.tenant_id,
        record.create_user,
        record.create_dept,
        record.create_user,
        record.id,
        index + 1,
        point.lng,
        point.lat,
        addSeconds(start, point.offsetSeconds),
      ]);
    });
  }
  await insertRows(
    db,
    table(`${kind}/trail`),
    ['id', 'tenant_id', 'create_user', 'create_dept', 'update_user', 'record_id', 'seq', 'lng', 'lat', 'time'],
    rows,
  );
}

/** Each demo inspection item at a point of its record's trail, spread over the walk in the items' order. */
async function placeInspectionItems(db: DbClient, tenantIds: string[]): Promise<void> {
  // The trail and item tables were filled in this transaction without statistics: the planner's guesses made this
  // update take 13 s (a nested loop over every trail point); analysed, it takes under a second.
  await db.query(`ANALYZE ${quoteIdent(table('inspect/trail'))}, ${quoteIdent(table('inspect/recordItem'))}`);
  await db.query(
    `UPDATE ${quoteIdent(table('inspect/recordItem'))} i SET lng = t.lng, lat = t.lat
       FROM (SELECT record_id, count(*)::int AS points FROM ${quoteIdent(table('inspect/trail'))} WHERE is_deleted = 0 GROUP BY record_id) c,
            ${quoteIdent(table('inspect/trail'))} t
      WHERE i.tenant_id = ANY($1::text[]) AND i.is_deleted = 0 AND i.lng IS NULL AND c.record_id = i.record_id
        AND t.record_id = i.record_id AND t.is_deleted = 0 AND t.seq = 1 + (GREATEST(i.sort, 1) - 1) % c.points`,
    [tenantIds],
  );
}

export async function seedDemoTrails(db: DbClient, tenantIds: string[]): Promise<void> {
  await seedWalks(db, 'maintain', tenantIds);
  await seedWalks(db, 'clean', tenantIds);
  await placeInspectionItems(db, tenantIds);
}
