/**
 * Demo monitoring data (issue 13, contract §E) on a server started with
 * demoReadings: every demo county — 173509 (永嘉县) included — has
 * reservoirs whose stations carry a year of demo readings ending now, with
 * their daily rollup and index limits; every demo tenant has a level warning
 * raised within the last day and still active, told once to each recipient;
 * and seeding again changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoReadings } from '../../src/server/seed/demoReadings.js';
import { startTestServer, type TestServer } from './testServer.js';

const TENANTS = ['316979', '003189', '173509', '100001'];
const DEMO_SOURCE = 4;
const MONITOR_WARNING = 10;

let t: TestServer;

beforeAll(async () => {
  const started = Date.now();
  t = await startTestServer({}, { demoReadings: true });
  // The figure the report quotes: a whole server start (migrate, seed, listen) with the demo readings.
  console.info(`server with demo readings started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
afterAll(() => t?.close());

async function counts(): Promise<Record<string, number>> {
  const tables = ['monitor_reading', 'monitor_reading_day', 'monitor_index_limit', 'monitor_warning_log', 'sys_notice_message', 'monitor_ingest_reject'];
  const entries = await Promise.all(tables.map(async (table) => [table, (await t.db.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n] as const));
  return Object.fromEntries(entries);
}

describe('demo readings', () => {
  it('give 173509 (永嘉县) reservoirs whose every station has demo readings, listed through the API', async () => {
    const reservoirs = await t.db.query(`SELECT count(*)::int AS n FROM rsc_reservoir WHERE tenant_id = '173509' AND is_deleted = 0`);
    expect(reservoirs.rows[0].n).toBeGreaterThanOrEqual(6);
    const stations = await t.db.query(
      `SELECT s.station_code, s.monitor_type, (SELECT count(*)::int FROM monitor_reading r WHERE r.station_id = s.id AND r.source = $1) AS readings
         FROM info_station s WHERE s.tenant_id = '173509' AND s.is_deleted = 0 ORDER BY s.station_code`,
      [DEMO_SOURCE],
    );
    expect(stations.rows.length).toBeGreaterThanOrEqual(12);
    expect(new Set(stations.rows.map((row) => row.monitor_type))).toEqual(new Set([1, 2, 3, 4, 5]));
    // Level and rain: a year of 08:00 readings, 30 days hourly, 3 days every 5 minutes; dam instruments 4-hourly for 30 days.
    for (const station of stations.rows) {
      const elements = station.monitor_type === 5 ? 3 : 1;
      if (station.monitor_type <= 2) expect(station.readings, station.station_code).toBeGreaterThan(1800);
      else expect(station.readings, station.station_code).toBeGreaterThan(480 * elements);
    }
    const token = await t.signIn('173509', 'admin');
    const listed = await t.api('/api/v1/monitor/waterLevel/list?size=5', { token });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data.total).toBeGreaterThan(1800);
  });

  it('end now, in every demo tenant, with the daily rollup and the index limits of the stations', async () => {
    for (const tenantId of TENANTS) {
      const latest = await t.db.query(
        `SELECT EXTRACT(EPOCH FROM LOCALTIMESTAMP(0) - max(observe_time))::int AS age, count(*)::int AS n FROM monitor_reading WHERE tenant_id = $1 AND source = $2`,
        [tenantId, DEMO_SOURCE],
      );
      expect(latest.rows[0].n, tenantId).toBeGreaterThan(10_000);
      expect(latest.rows[0].age, tenantId).toBeGreaterThanOrEqual(0);
      expect(latest.rows[0].age, tenantId).toBeLessThan(10 * 60);
      const days = await t.db.query(`SELECT count(DISTINCT day)::int AS n FROM monitor_reading_day WHERE tenant_id = $1 AND element = 2`, [tenantId]);
      expect(days.rows[0].n, tenantId).toBeGreaterThanOrEqual(360);
      const limits = await t.db.query(
        `SELECT s.monitor_type, count(l.id)::int AS n FROM info_station s LEFT JOIN monitor_index_limit l ON l.station_id = s.id AND l.is_deleted = 0
          WHERE s.tenant_id = $1 AND s.is_deleted = 0 GROUP BY s.id, s.monitor_type`,
        [tenantId],
      );
      for (const row of limits.rows) {
        if (row.monitor_type === 1) expect(row.n).toBeGreaterThanOrEqual(4);
        if (row.monitor_type === 2) expect(row.n).toBe(4);
        if (row.monitor_type === 3) expect(row.n).toBe(2);
      }
    }
    // No demo reading was refused.
    expect((await t.db.query(`SELECT count(*)::int AS n FROM monitor_ingest_reject`)).rows[0].n).toBe(0);
  });

  it('leave each demo tenant a flood-limit warning raised within the last day, still active, told once to each recipient', async () => {
    for (const tenantId of TENANTS) {
      const warnings = await t.db.query(
        `SELECT w.id::text AS id, w.start_value::float8 AS start_value, w.threshold::float8 AS threshold
           FROM monitor_warning_log w
          WHERE w.tenant_id = $1 AND w.is_deleted = 0 AND w.warning_state = 1 AND w.warning_type = 1 AND w.limit_kind = 1 AND w.warning_level = 1
            AND w.start_time > LOCALTIMESTAMP(0) - interval '24 hours'`,
        [tenantId],
      );
      expect(warnings.rows.length, tenantId).toBeGreaterThanOrEqual(1);
      for (const warning of warnings.rows) {
        expect(warning.start_value).toBeGreaterThanOrEqual(warning.threshold);
        const notices = await t.db.query(
          `SELECT u.account, count(*)::int AS n FROM sys_notice_message m JOIN blade_user u ON u.id = m.user_id
            WHERE m.tenant_id = $1 AND m.order_type = $2 AND m.business_id = $3 AND m.is_deleted = 0 GROUP BY u.account ORDER BY u.account`,
          [tenantId, MONITOR_WARNING, warning.id],
        );
        expect(notices.rows.length, `${tenantId} ${warning.id}`).toBeGreaterThanOrEqual(1);
        expect(notices.rows.every((row) => row.n === 1)).toBe(true);
        // The recipient finds it in the inbox.
        const token = await t.signIn(tenantId, notices.rows[0].account);
        const inbox = await t.api('/api/v1/inspect/notice/list?size=200', { token });
        expect(inbox.status, JSON.stringify(inbox.body)).toBe(200);
        expect(inbox.body.data.records.filter((row: { businessId: string }) => String(row.businessId) === warning.id)).toHaveLength(1);
      }
    }
    // Older crossings left their rows (raised and cleared) but told no one.
    const older = await t.db.query(
      `SELECT count(*)::int AS n, count(m.id)::int AS told FROM monitor_warning_log w
         LEFT JOIN sys_notice_message m ON m.business_id = w.id::text AND m.order_type = $1
        WHERE w.start_time < LOCALTIMESTAMP(0) - interval '2 days'`,
      [MONITOR_WARNING],
    );
    expect(older.rows[0].n).toBeGreaterThan(0);
    expect(older.rows[0].told).toBe(0);
  });

  it('change nothing when seeded again, not even for a station added since', async () => {
    const token = await t.signIn('173509', 'admin');
    const reservoir = (await t.db.query(`SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = '173509' AND is_deleted = 0 ORDER BY code LIMIT 1`))
      .rows[0];
    const added = await t.api('/api/v1/info/station/save', {
      token,
      body: { stationCode: 'YJ2026NEW01', stationName: '新增库水位站', stationType: 3, monitorType: 1, reservoirId: reservoir.id },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const before = await counts();
    const result = await seedDemoReadings(t.db);
    expect(result).toEqual({ readings: 0, duplicates: 0, rejected: 0, limits: 0 });
    expect(await counts()).toEqual(before);
  });
});
