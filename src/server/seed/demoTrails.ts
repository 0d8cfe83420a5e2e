/**
 * GPS trails of the demo inspection, maintenance and cleaning records (their
 * registers inspect/trail, maintain/trail and clean/trail): each record's
 * worker walks the round of the dam from the management house and back
 * (demoWalk.ts), starting a minute after an inspection's sign-in or a few
 * minutes after a work record's start. The demo inspection items get the point
 * of the walk where their dam part is looked at (the crest's items along the
 * crest, the spillway's down the channel…), so their photos show at their
 * places on the record's map: inspectionRecords.ts walks its new records and
 * stores their items with those positions (placing them afterwards meant
 * rewriting 24 000 item rows at every demo start). Only records without a
 * trail are walked: seeding twice changes nothing.
 */
import { nextId } from '../db/ids.js';
import type { DbClient } from '../db/pool.js';
import { entityModel } from '../engine/entityRegistry.js';
import { quoteIdent } from '../engine/naming.js';
import { demoWalk, legOfPart, type WalkPoint } from './demoWalk.js';

type Kind = 'inspect' | 'maintain' | 'clean';

const table = (schemaId: `${Kind}/record` | `${Kind}/trail` | 'inspect/recordItem') => quoteIdent(entityModel(schemaId).table);

/** Seconds from a record's start to the first point of its walk. */
const WALK_DELAY: Record<Kind, number> = { inspect: 60, maintain: 300, clean: 300 };

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

export interface PlacedItem {
  /** Any key of the item (the seed's row number). */
  id: string;
  damPart: string | null;
  sort: number | null;
}

async function recordsWithoutTrail(db: DbClient, kind: Kind, tenantIds: string[]): Promise<RecordSite[]> {
  const found = await db.query<RecordSite>(
    `SELECT r.id::text AS id, r.tenant_id, r.create_user::text AS create_user, r.create_dept::text AS create_dept,
            to_char(r.start_time, 'YYYY-MM-DD HH24:MI:SS') AS start_time, r.reservoir_id::text AS reservoir_id,
            res.longitude::float8 AS longitude, res.latitude::float8 AS latitude, res.dam_length::float8 AS dam_length
       FROM ${table(`${kind}/record`)} r
       JOIN rsc_reservoir res ON res.id = r.reservoir_id AND res.tenant_id = r.tenant_id
      WHERE r.tenant_id = ANY($1::text[]) AND r.is_deleted = 0 AND r.start_time IS NOT NULL
        AND res.longitude IS NOT NULL AND res.latitude IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM ${table(`${kind}/trail`)} t WHERE t.tenant_id = r.tenant_id AND t.record_id = r.id AND t.is_deleted = 0)`,
    [tenantIds],
  );
  return found.rows;
}

const walkOf = (record: RecordSite): WalkPoint[] =>
  demoWalk({ reservoirKey: record.reservoir_id, walkKey: record.id, lng: record.longitude, lat: record.latitude, damLength: record.dam_length });

/** The trail rows of the walks, column by column, written in one statement (tens of thousands of points at every demo start). */
async function insertWalks(db: DbClient, kind: Kind, walks: [RecordSite, WalkPoint[]][]): Promise<void> {
  const columns: unknown[][] = [[], [], [], [], [], [], [], [], [], []];
  for (const [record, walk] of walks) {
    walk.forEach((point, index) => {
      const row = [
        nextId(),
        record.tenant_id,
        record.create_user,
        record.create_dept,
        record.id,
        index + 1,
        point.lng,
        point.lat,
        record.start_time,
        point.offsetSeconds,
      ];
      row.forEach((value, column) => columns[column].push(value));
    });
  }
  await db.query(
    `INSERT INTO ${table(`${kind}/trail`)} (id, tenant_id, create_user, create_dept, update_user, record_id, seq, lng, lat, time)
     SELECT id, tenant_id, create_user, create_dept, create_user, record_id, seq, lng, lat, start + make_interval(secs => $11::int + walked)
       FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[], $6::int[], $7::float8[], $8::float8[], $9::timestamp[], $10::int[])
            AS p(id, tenant_id, create_user, create_dept, record_id, seq, lng, lat, start, walked)`,
    [...columns, WALK_DELAY[kind]],
  );
}

/**
 * The walk's point of each item: the items are spread over the leg that looks at their dam part, in their order (an
 * item of a part no leg passes: over the whole walk).
 */
export function placeItems(walk: WalkPoint[], items: PlacedItem[]): Map<string, WalkPoint> {
  const byLeg = new Map<number | undefined, PlacedItem[]>();
  for (const item of [...items].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))) {
    const leg = legOfPart(Number(item.damPart));
    byLeg.set(leg, [...(byLeg.get(leg) ?? []), item]);
  }
  const placed = new Map<string, WalkPoint>();
  for (const [leg, onLeg] of byLeg) {
    const points = leg === undefined ? walk : walk.filter((point) => point.leg === leg);
    onLeg.forEach((item, rank) => placed.set(item.id, points[Math.floor(((rank + 0.5) * points.length) / onLeg.length)]));
  }
  return placed;
}

/** Walks the records of a kind that have no trail yet and stores the trails; answers the walks. */
export async function seedWalks(db: DbClient, kind: Kind, tenantIds: string[]): Promise<Map<string, WalkPoint[]>> {
  const walks = (await recordsWithoutTrail(db, kind, tenantIds)).map((record): [RecordSite, WalkPoint[]] => [record, walkOf(record)]);
  if (walks.length > 0) await insertWalks(db, kind, walks);
  return new Map(walks.map(([record, walk]) => [record.id, walk]));
}

/** The maintenance and cleaning records' walks (the inspections' are walked as their items are stored). */
export async function seedDemoTrails(db: DbClient, tenantIds: string[]): Promise<void> {
  for (const kind of ['maintain', 'clean'] as const) await seedWalks(db, kind, tenantIds);
}
