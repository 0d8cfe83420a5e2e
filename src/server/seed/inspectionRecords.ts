/**
 * Demo records for the last three months (安溪县 100001; the other demo
 * counties the last month), per tenant: inspections under each published
 * plan at each of its reservoirs (weekly, with the
 * group's item results — a few abnormal —, a sign-in and the GPS trail of
 * the inspector's round of the dam (demoTrails.ts), the items at their places
 * on it),
 * weekly maintenance and ten-daily cleaning rounds per reservoir, audits
 * (older records mostly passed, some rejected, the last week pending) and a
 * ledger remark. Everything is a handful of bulk INSERT … SELECT statements
 * per tenant: the rows are laid out in temporary tables, given server ids
 * from nextId(), and copied. Idempotent: a tenant that already has records
 * of a kind gets none of that kind again.
 */
import { nextId } from '../db/ids.js';
import type { DbClient } from '../db/pool.js';
import { entityModel } from '../engine/entityRegistry.js';
import { quoteIdent } from '../engine/naming.js';
import { placeItems, seedWalks } from './demoTrails.js';
import { insertRows } from './insertRows.js';

interface People {
  tenantId: string;
  adminId: string;
  auditorId: string;
  inspectorId: string;
  deptId: string | null;
}

/** The tenant shown in the demo gets three months of records; the other counties the last month (keeps every test server's seed fast). */
const FULL_HISTORY_TENANT = '100001';

const table = (schemaId: string) => quoteIdent(entityModel(schemaId).table);

const ABNORMAL_NOTES = [
  '局部出现细小裂缝，已做标记待观测',
  '坝脚有轻微散浸，需持续观察',
  '排水沟有淤积，需清理',
  '发现白蚁活动迹象（泥被泥线）',
  '护坡杂草丛生，需除草',
  '警示标牌褪色，需更换',
];
const MAINTAIN_WORK = ['坝坡除草、清理杂灌', '排水沟清淤', '启闭机加油保养、闸门止水检查', '溢洪道清障', '白蚁防治（药物诱杀）', '备用电源试机'];
const CLEAN_WORK = ['库面漂浮物打捞', '库岸垃圾清理', '管理房及周边环境保洁'];

async function peopleOf(db: DbClient, tenantId: string): Promise<People | undefined> {
  const found = await db.query<Record<string, string | null>>(
    `SELECT (SELECT id::text FROM blade_user WHERE tenant_id = $1 AND account = 'admin' AND is_deleted = 0 LIMIT 1) AS admin,
            (SELECT id::text FROM blade_user WHERE tenant_id = $1 AND account = 'subject_admin' AND is_deleted = 0 LIMIT 1) AS auditor,
            (SELECT id::text FROM blade_user WHERE tenant_id = $1 AND account = 'inspector' AND is_deleted = 0 LIMIT 1) AS inspector,
            (SELECT id::text FROM blade_dept WHERE tenant_id = $1 AND parent_id = 0 AND is_deleted = 0 ORDER BY sort, id LIMIT 1) AS dept`,
    [tenantId],
  );
  const row = found.rows[0];
  if (!row.admin) return undefined;
  return { tenantId, adminId: row.admin, auditorId: row.auditor ?? row.admin, inspectorId: row.inspector ?? row.admin, deptId: row.dept };
}

async function hasRows(db: DbClient, schemaId: string, tenantId: string): Promise<boolean> {
  return ((await db.query(`SELECT 1 FROM ${table(schemaId)} WHERE tenant_id = $1 LIMIT 1`, [tenantId])).rowCount ?? 0) > 0;
}

/** One server id per row of a temporary table (its column n = 1..N), for `($k::bigint[])[n]` in the copy. */
async function idsFor(db: DbClient, temp: string): Promise<string[]> {
  const count = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${temp}`)).rows[0].n;
  return Array.from({ length: count }, () => nextId());
}

/** Gives every row of a (small) temporary table a server id, where later statements refer to it. */
async function assignIds(db: DbClient, temp: string): Promise<void> {
  await db.query(`UPDATE ${temp} SET id = ($1::bigint[])[n]`, [await idsFor(db, temp)]);
}

/**
 * The audit of a demo record from its age and a stable hash: the last week pending, older ones
 * passed (about 9 in 10) or rejected. Expressions over the temp table's `age` and `h` columns.
 */
const AUDIT_STATUS = `CASE WHEN age <= 7 THEN 0 WHEN h % 100 < 90 THEN 1 ELSE 2 END`;
const AUDIT_OPINION = `CASE WHEN age <= 7 THEN NULL WHEN h % 100 < 90 THEN '记录完整，情况属实' ELSE '现场照片不清晰，请补充后重新提交' END`;

async function seedInspections(db: DbClient, p: People, days: number): Promise<void> {
  await db.query(
    `CREATE TEMP TABLE seed_inspect ON COMMIT DROP AS
     SELECT row_number() OVER (ORDER BY pl.id, r.id, d.age)::int AS n, NULL::bigint AS id, pl.id AS plan_id, r.id AS reservoir_id, pl.item_group_id,
            pl.inspect_type, r.longitude, r.latitude, d.age, abs(hashtext(pl.id::text || r.id::text || d.age::text)) AS h,
            (CURRENT_DATE - d.age) + time '08:00' + make_interval(mins => abs(hashtext(r.id::text || d.age::text)) % 90) AS start_time
       FROM ${table('inspect/plan')} pl
       CROSS JOIN LATERAL jsonb_array_elements_text(pl.reservoir_ids) AS rid(value)
       JOIN ${table('reservoir/reservoir')} r ON r.tenant_id = pl.tenant_id AND r.id = rid.value::bigint AND r.is_deleted = 0
       CROSS JOIN generate_series(1, $2::int, 7) AS d(age)
      WHERE pl.tenant_id = $1 AND pl.is_deleted = 0 AND pl.plan_status = 2`,
    [p.tenantId, days],
  );
  await assignIds(db, 'seed_inspect');
  await db.query(
    `INSERT INTO ${table('inspect/record')} (id, tenant_id, create_user, create_dept, create_time, update_user, update_time, plan_id, reservoir_id, inspector_id,
            inspect_type, start_time, end_time, audit_status, audit_opinion)
     SELECT id, $1, $3::bigint, $4::bigint, start_time + interval '2 hours', CASE WHEN age <= 7 THEN $3::bigint ELSE $2::bigint END, start_time + interval '1 day',
            plan_id, reservoir_id, $3::bigint, inspect_type, start_time, start_time + make_interval(mins => 50 + h % 60), ${AUDIT_STATUS}, ${AUDIT_OPINION}
       FROM seed_inspect`,
    [p.tenantId, p.auditorId, p.inspectorId, p.deptId],
  );
  await seedItemResults(db, p);
  await seedSigns(db, p, 'seed_inspect', 1);
}

async function seedItemResults(db: DbClient, p: People): Promise<void> {
  await db.query(
    `CREATE TEMP TABLE seed_item ON COMMIT DROP AS
     SELECT row_number() OVER (ORDER BY s.n, g.ord)::int AS n, s.id AS record_id, s.start_time, i.id AS item_id, i.item_name, i.dam_part, g.ord,
            CASE WHEN abs(hashtext(s.id::text || i.id::text)) % 100 < 4 THEN 2 ELSE 1 END AS result,
            ($2::text[])[1 + abs(hashtext(i.id::text || s.h::text)) % array_length($2::text[], 1)] AS note
       FROM seed_inspect s
       JOIN ${table('inspect/itemGroup')} grp ON grp.id = s.item_group_id
       CROSS JOIN LATERAL jsonb_array_elements_text(grp.item_ids) WITH ORDINALITY AS g(item_id, ord)
       JOIN ${table('inspect/item')} i ON i.tenant_id = $1 AND i.id = g.item_id::bigint AND i.is_deleted = 0`,
    [p.tenantId, ABNORMAL_NOTES],
  );
  const places = await walkInspections(db, p);
  await db.query(
    `INSERT INTO ${table('inspect/recordItem')} (id, tenant_id, create_user, create_dept, create_time, update_user, record_id, item_id, item_name, dam_part, result, description, photos, sort,
            lng, lat)
     SELECT ($4::bigint[])[n], $1, $2::bigint, $3::bigint, start_time + interval '2 hours', $2, record_id, item_id, item_name, dam_part::text, result,
            CASE WHEN result = 2 THEN note END, '[]'::jsonb, ord, ($5::float8[])[n], ($6::float8[])[n]
       FROM seed_item`,
    [p.tenantId, p.inspectorId, p.deptId, await idsFor(db, 'seed_item'), places.lng, places.lat],
  );
  await db.query(
    `UPDATE ${table('inspect/record')} r SET problem_count = x.problems, risk_level = 1, risk_description = x.notes
       FROM (SELECT record_id, count(*)::int AS problems, string_agg(item_name || '：' || note, '；' ORDER BY ord) AS notes FROM seed_item WHERE result = 2 GROUP BY record_id) x
      WHERE r.id = x.record_id`,
  );
}

/**
 * The GPS trails of the new inspections — the inspector's round of the dam, walked by demoTrails.ts as the work
 * records' are — and the position of each item of seed_item on its record's walk, indexed by the item's row number n
 * (for `($k::float8[])[n]` in the insert), so the items are stored with their positions.
 */
async function walkInspections(db: DbClient, p: People): Promise<{ lng: (number | null)[]; lat: (number | null)[] }> {
  const walks = await seedWalks(db, 'inspect', [p.tenantId]);
  const found = await db.query<{ n: number; record_id: string; dam_part: string | null; ord: number }>(
    `SELECT n, record_id::text AS record_id, dam_part::text AS dam_part, ord::int AS ord FROM seed_item`,
  );
  const itemsOf = new Map<string, { id: string; damPart: string | null; sort: number }[]>();
  for (const item of found.rows) {
    const items = itemsOf.get(item.record_id) ?? [];
    items.push({ id: String(item.n), damPart: item.dam_part, sort: item.ord });
    itemsOf.set(item.record_id, items);
  }
  const places = { lng: Array<number | null>(found.rows.length).fill(null), lat: Array<number | null>(found.rows.length).fill(null) };
  for (const [recordId, walk] of walks) {
    for (const [n, point] of placeItems(walk, itemsOf.get(recordId) ?? [])) {
      places.lng[Number(n) - 1] = point.lng;
      places.lat[Number(n) - 1] = point.lat;
    }
  }
  return places;
}

async function seedSigns(db: DbClient, p: People, source: string, type: number): Promise<void> {
  const temp = `seed_sign_${type}`;
  await db.query(
    `CREATE TEMP TABLE ${temp} ON COMMIT DROP AS
     SELECT n, NULL::bigint AS id, reservoir_id, start_time, longitude, latitude FROM ${source}`,
  );
  await assignIds(db, temp);
  await db.query(
    `INSERT INTO ${table('inspect/sign')} (id, tenant_id, create_user, create_dept, create_time, update_user, type, reservoir_id, user_id, sign_time, lng, lat, address)
     SELECT s.id, $1, $2, $3, s.start_time, $2, $4, s.reservoir_id, $2, s.start_time, s.longitude, s.latitude, r.name || '管理房'
       FROM ${temp} s JOIN ${table('reservoir/reservoir')} r ON r.id = s.reservoir_id`,
    [p.tenantId, p.inspectorId, p.deptId, type],
  );
}

/** Maintenance (weekly) or cleaning (every ten days) at every reservoir of the tenant. */
async function seedWork(db: DbClient, p: People, kind: 'maintain' | 'clean', days: number): Promise<void> {
  const temp = `seed_${kind}`;
  const step = kind === 'maintain' ? 7 : 10;
  const work = kind === 'maintain' ? MAINTAIN_WORK : CLEAN_WORK;
  await db.query(
    `CREATE TEMP TABLE ${temp} ON COMMIT DROP AS
     SELECT row_number() OVER (ORDER BY r.id, d.age)::int AS n, NULL::bigint AS id, r.id AS reservoir_id, r.longitude, r.latitude, d.age,
            abs(hashtext(r.id::text || d.age::text || $2)) AS h,
            (CURRENT_DATE - d.age) + time '09:00' + make_interval(mins => abs(hashtext(d.age::text || r.id::text)) % 60) AS start_time
       FROM ${table('reservoir/reservoir')} r CROSS JOIN generate_series(2, $3::int, ${step}) AS d(age)
      WHERE r.tenant_id = $1 AND r.is_deleted = 0`,
    [p.tenantId, kind, days],
  );
  await assignIds(db, temp);
  const measures = kind === 'maintain' ? ', cost' : ', area, garbage_weight';
  const values = kind === 'maintain' ? ', (300 + h % 20 * 100)::float8' : ', (3000 + h % 40 * 100)::float8, (10 + h % 50)::float8';
  await db.query(
    `INSERT INTO ${table(`${kind}/record`)} (id, tenant_id, create_user, create_dept, create_time, update_user, update_time, reservoir_id, worker_id,
            start_time, end_time, content, audit_status, audit_opinion${measures})
     SELECT id, $1, $3::bigint, $4::bigint, start_time + interval '4 hours', CASE WHEN age <= 7 THEN $3::bigint ELSE $2::bigint END, start_time + interval '1 day', reservoir_id, $3::bigint,
            start_time, start_time + interval '3 hours', ($5::text[])[1 + h % array_length($5::text[], 1)], ${AUDIT_STATUS}, ${AUDIT_OPINION}${values}
       FROM ${temp}`,
    [p.tenantId, p.auditorId, p.inspectorId, p.deptId, work],
  );
  if (kind === 'maintain') await seedSigns(db, p, temp, 2);
}

/** One remark on last month's ledger row of the tenant's first reservoir. */
async function seedLedgerRemark(db: DbClient, p: People): Promise<void> {
  const first = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM ${table('reservoir/reservoir')} WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY code, id LIMIT 1`,
    [p.tenantId],
  );
  if (!first.rows[0]) return;
  const period = (await db.query<{ p: string }>(`SELECT to_char(CURRENT_DATE - interval '1 month', 'YYYY-MM') AS p`)).rows[0].p;
  await insertRows(
    db,
    entityModel('inspect/ledger').table,
    ['id', 'tenant_id', 'create_user', 'create_dept', 'update_user', 'ledger_type', 'reservoir_id', 'period', 'remark'],
    [[nextId(), p.tenantId, p.adminId, p.deptId, p.adminId, 1, first.rows[0].id, period, '本月巡查发现的问题均已整改销号']],
  );
}

export async function seedInspectionRecords(db: DbClient, tenantIds: string[]): Promise<void> {
  for (const tenantId of tenantIds) {
    const people = await peopleOf(db, tenantId);
    if (!people) continue;
    const days = tenantId === FULL_HISTORY_TENANT ? 90 : 30;
    if (!(await hasRows(db, 'inspect/record', tenantId))) {
      await seedInspections(db, people, days);
      await db.query('DROP TABLE IF EXISTS seed_inspect, seed_item, seed_sign_1');
    }
    if (!(await hasRows(db, 'maintain/record', tenantId))) {
      await seedWork(db, people, 'maintain', days);
      await db.query('DROP TABLE IF EXISTS seed_maintain, seed_sign_2');
    }
    if (!(await hasRows(db, 'clean/record', tenantId))) {
      await seedWork(db, people, 'clean', days);
      await db.query('DROP TABLE IF EXISTS seed_clean');
    }
    if (!(await hasRows(db, 'inspect/ledger', tenantId))) await seedLedgerRemark(db, people);
  }
}
