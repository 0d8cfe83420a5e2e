/**
 * Monitoring reads and reports (contract §D): listAll and listNew of a family, the day, month and year
 * reports against hand-computed figures (the rainfall day runs 08:00 to 08:00: a reading at exactly
 * 08:00 closes the day, one at 08:05 opens the next), null for days without data, the station checks
 * (another tenant's station, another family's, outside the caller's data scope), parameter checks in
 * both languages, and the .xlsx exports opened with exceljs and compared with the JSON.
 * Readings go in through the manual-entry endpoints (the rollup is the reading register's).
 */
import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/server/db/ids.js';
import type { Db } from '../../src/server/db/pool.js';
import { ingestReadings } from '../../src/server/monitor/ingest.js';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '100001';
let t: TestServer;
let admin: string;
let other: string;
let rainStation: string;
let levelStation: string;
let otherStation: string;

const RAIN_READINGS: [string, number][] = [
  ['2026-07-01 08:00:00', 5.0], // closes the rainfall day 07-01
  ['2026-07-01 08:05:00', 0.5], // opens 07-02
  ['2026-07-01 08:55:00', 1.0],
  ['2026-07-01 09:00:00', 0.3],
  ['2026-07-01 10:30:00', 0],
  ['2026-07-01 13:10:00', 2.0],
  ['2026-07-02 00:00:00', 0.4],
  ['2026-07-02 07:55:00', 0.2],
  ['2026-07-02 08:00:00', 0.6], // closes 07-02
  ['2026-07-02 08:05:00', 9.9], // 07-03
  ['2026-07-30 09:00:00', 12.3], // 07-31
  ['2026-07-31 08:05:00', 1.0], // 08-01: not July's
  ['2026-02-28 07:00:00', 2.0], // 02-28
  ['2026-02-28 10:00:00', 3.0], // 03-01
];

const LEVEL_READINGS: [string, number][] = [
  ['2026-07-01 00:00:00', 100.0],
  ['2026-07-01 00:30:00', 100.1],
  ['2026-07-01 01:00:00', 100.2],
  ['2026-07-01 08:00:00', 101.0],
  ['2026-07-01 08:05:00', 101.5],
  ['2026-07-02 00:00:00', 99.0],
];

const code = () => `T${crypto.randomBytes(4).toString('hex')}`;

async function addStation(token: string, reservoirId: string, monitorType: number, name: string): Promise<string> {
  const saved = await t.api('/api/v1/info/station/save', {
    token,
    body: { stationCode: code(), stationName: name, stationType: 3, monitorType, reservoirId },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return String(saved.body.data.id);
}

async function addReading(family: string, stationId: string, element: number, observeTime: string, value: number): Promise<void> {
  const saved = await t.api(`/api/v1/monitor/${family}/save`, { token: admin, body: { stationId, element, observeTime, value } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

async function get(path: string, token = admin, language?: string) {
  return t.api(path, { token, headers: language ? { 'Accept-Language': language } : {} });
}

async function report(path: string, token = admin) {
  const answer = await get(path, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const rowOf = (table: any, label: string) => table.rows.find((row: { label: string }) => row.label === label);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const summaryOf = (table: any, labelEn: string) => table.summary.find((row: { labelEn: string }) => row.labelEn === labelEn);

async function reservoirOf(tenantId: string): Promise<string> {
  const found = await t.db.query(`SELECT id::text FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY id LIMIT 1`, [tenantId]);
  return found.rows[0].id;
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn(TENANT, 'admin');
  other = await t.signIn('316979', 'admin');
  const reservoir = await reservoirOf(TENANT);
  rainStation = await addStation(admin, reservoir, 2, '报表雨量站');
  levelStation = await addStation(admin, reservoir, 1, '报表水位站');
  otherStation = await addStation(other, await reservoirOf('316979'), 2, '他人雨量站');
  for (const [time, value] of RAIN_READINGS) await addReading('rainfall', rainStation, 2, time, value);
  for (const [time, value] of LEVEL_READINGS) await addReading('waterLevel', levelStation, 1, time, value);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('day report', () => {
  it('rainfall: hourly totals of (h-1, h] over 07-01 08:00 … 07-02 08:00; 08:00 closes the day, 08:05 opens the next', async () => {
    const day = await report(`/api/v1/monitor/rainfall/day?stationId=${rainStation}&date=2026-07-02`);
    expect(day.station).toMatchObject({ id: rainStation, name: '报表雨量站' });
    expect(day.family).toBe('rainfall');
    expect(day.elements).toEqual([{ key: 2, code: 'PJ', name: '降水量', nameEn: 'Rainfall', unit: 'mm', decimals: 1 }]);
    expect(day.period).toMatchObject({ from: '2026-07-01 08:00:00', to: '2026-07-02 08:00:00' });
    expect(day.rows).toHaveLength(24);
    expect(day.rows[0].label).toBe('09:00');
    expect(day.rows[23].label).toBe('08:00');
    expect(rowOf(day, '09:00').cells.PJ).toBe(1.8);
    expect(rowOf(day, '10:00').cells.PJ).toBeNull();
    expect(rowOf(day, '11:00').cells.PJ).toBe(0);
    expect(rowOf(day, '14:00').cells.PJ).toBe(2.0);
    expect(rowOf(day, '24:00').cells.PJ).toBe(0.4);
    expect(rowOf(day, '08:00').cells.PJ).toBe(0.8);
    expect(summaryOf(day, 'Daily total').cells.PJ).toBe(5.0);
    expect(summaryOf(day, 'Wettest hour')).toMatchObject({ cells: { PJ: 2.0 }, times: { PJ: '2026-07-01 14:00:00' } });
    // The day before holds only the 08:00 reading; the day after only 08:05
    expect(summaryOf(await report(`/api/v1/monitor/rainfall/day?stationId=${rainStation}&date=2026-07-01`), 'Daily total').cells.PJ).toBe(5.0);
    expect(summaryOf(await report(`/api/v1/monitor/rainfall/day?stationId=${rainStation}&date=2026-07-03`), 'Daily total').cells.PJ).toBe(9.9);
  });

  it('rainfall: a day the station did not report is null, not 0', async () => {
    const day = await report(`/api/v1/monitor/rainfall/day?stationId=${rainStation}&date=2026-07-10`);
    expect(day.rows.every((row: { cells: { PJ: number | null } }) => row.cells.PJ === null)).toBe(true);
    expect(summaryOf(day, 'Daily total').cells.PJ).toBeNull();
  });

  it('water level: the last reading of each hour of the calendar day, mean/highest/lowest with times', async () => {
    const day = await report(`/api/v1/monitor/waterLevel/day?stationId=${levelStation}&date=2026-07-01`);
    expect(day.rows.map((row: { label: string }) => row.label).slice(0, 2)).toEqual(['01:00', '02:00']);
    expect(rowOf(day, '01:00').cells.ZU).toBe(100.2);
    expect(rowOf(day, '02:00').cells.ZU).toBeNull();
    expect(rowOf(day, '08:00').cells.ZU).toBe(101.0);
    expect(rowOf(day, '09:00').cells.ZU).toBe(101.5);
    expect(rowOf(day, '24:00').cells.ZU).toBe(99.0);
    expect(summaryOf(day, 'Daily mean').cells.ZU).toBe(100.56);
    expect(summaryOf(day, 'Highest')).toMatchObject({ cells: { ZU: 101.5 }, times: { ZU: '2026-07-01 08:05:00' } });
    expect(summaryOf(day, 'Lowest')).toMatchObject({ cells: { ZU: 100.0 }, times: { ZU: '2026-07-01 00:00:00' } });
  });

  it('water level: a day with no data has null levels', async () => {
    const day = await report(`/api/v1/monitor/waterLevel/day?stationId=${levelStation}&date=2026-07-05`);
    expect([...day.rows, ...day.summary].every((row: { cells: { ZU: number | null } }) => row.cells.ZU === null)).toBe(true);
  });
});

describe('month and year reports (from the daily rollup)', () => {
  it('rainfall July (31 days): daily totals by the hydrological day, month total, wettest day, rain days', async () => {
    const month = await report(`/api/v1/monitor/rainfall/month?stationId=${rainStation}&month=2026-07`);
    expect(month.rows).toHaveLength(31);
    const cell = (date: string) => rowOf(month, date).cells.PJ;
    expect([cell('2026-07-01'), cell('2026-07-02'), cell('2026-07-03'), cell('2026-07-04'), cell('2026-07-31')]).toEqual([5.0, 5.0, 9.9, null, 12.3]);
    expect(summaryOf(month, 'Monthly total').cells.PJ).toBe(32.2);
    expect(summaryOf(month, 'Wettest day')).toMatchObject({ cells: { PJ: 12.3 }, times: { PJ: '2026-07-31' } });
    expect(summaryOf(month, 'Rain days').cells.PJ).toBe(4);
  });

  it('rainfall February (28 days in 2026): 02-28 07:00 is February, 02-28 10:00 is 03-01', async () => {
    const month = await report(`/api/v1/monitor/rainfall/month?stationId=${rainStation}&month=2026-02`);
    expect(month.rows).toHaveLength(28);
    expect(rowOf(month, '2026-02-28').cells.PJ).toBe(2.0);
    expect(summaryOf(month, 'Monthly total').cells.PJ).toBe(2.0);
  });

  it('water level July: mean, highest and lowest per day and for the month', async () => {
    const month = await report(`/api/v1/monitor/waterLevel/month?stationId=${levelStation}&month=2026-07`);
    expect(month.columns.map((c: { key: string }) => c.key)).toEqual(['ZU_mean', 'ZU_max', 'ZU_min']);
    expect(rowOf(month, '2026-07-01').cells).toEqual({ ZU_mean: 100.56, ZU_max: 101.5, ZU_min: 100.0 });
    expect(rowOf(month, '2026-07-02').cells).toEqual({ ZU_mean: 99.0, ZU_max: 99.0, ZU_min: 99.0 });
    expect(rowOf(month, '2026-07-03').cells).toEqual({ ZU_mean: null, ZU_max: null, ZU_min: null });
    // (502.8 + 99.0) / 6 readings
    expect(summaryOf(month, 'Month')).toMatchObject({
      cells: { ZU_mean: 100.3, ZU_max: 101.5, ZU_min: 99.0 },
      times: { ZU_max: '2026-07-01 08:05:00', ZU_min: '2026-07-02 00:00:00' },
    });
  });

  it('rainfall year 2026: days × months, monthly and annual total, wettest day and rain days', async () => {
    const year = await report(`/api/v1/monitor/rainfall/year?stationId=${rainStation}&year=2026`);
    expect(year.rows).toHaveLength(31);
    expect(rowOf(year, '28').cells.m02).toBe(2.0);
    expect(rowOf(year, '29').cells.m02).toBeNull();
    expect(rowOf(year, '1').cells.m03).toBe(3.0);
    expect(rowOf(year, '31').cells.m07).toBe(12.3);
    expect(rowOf(year, '1').cells.m08).toBe(1.0);
    expect(summaryOf(year, 'Total').cells).toMatchObject({ m01: null, m02: 2.0, m03: 3.0, m07: 32.2, m08: 1.0, year: 38.2 });
    expect(summaryOf(year, 'Wettest day')).toMatchObject({ cells: { m07: 12.3, year: 12.3 }, times: { year: '2026-07-31' } });
    expect(summaryOf(year, 'Rain days').cells).toMatchObject({ m07: 4, year: 7 });
  });
});

describe('station and parameter checks', () => {
  it("another tenant's station is not found (404), in each report and in listAll", async () => {
    for (const path of [
      `/api/v1/monitor/rainfall/day?stationId=${otherStation}&date=2026-07-02`,
      `/api/v1/monitor/rainfall/month?stationId=${otherStation}&month=2026-07`,
      `/api/v1/monitor/rainfall/year?stationId=${otherStation}&year=2026`,
      `/api/v1/monitor/rainfall/listAll?stationId=${otherStation}&startTime=2026-07-01 00:00:00&endTime=2026-07-02 00:00:00`,
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.msg).toBe('测站不存在或无权查看');
    }
    // …and the other tenant sees its own station
    expect((await get(`/api/v1/monitor/rainfall/day?stationId=${otherStation}&date=2026-07-02`, other)).status).toBe(200);
  });

  it("a station of another family is refused (400) and a removed station's id is not found", async () => {
    const answer = await get(`/api/v1/monitor/rainfall/day?stationId=${levelStation}&date=2026-07-02`);
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('测站 报表水位站 不是雨量测站');
    expect((await get(`/api/v1/monitor/rainfall/day?stationId=${nextId()}&date=2026-07-02`)).status).toBe(404);
  });

  it('a station outside the data scope of the family menu is not found', async () => {
    const user = (await t.db.query(`SELECT id::text, role_id FROM blade_user WHERE tenant_id = $1 AND account = 'subject_admin'`, [TENANT])).rows[0];
    const scopeId = nextId();
    // "own rows" on the rainfall menu: the admin's station is not the subject administrator's
    await t.db.query(
      `INSERT INTO blade_scope_data (id, tenant_id, menu_id, resource_code, scope_name, scope_type) VALUES ($1, '000000', 0, 'monitor_rainfall', 'test', 2)`,
      [scopeId],
    );
    const subject = await t.signIn(TENANT, 'subject_admin');
    const path = `/api/v1/monitor/rainfall/month?stationId=${rainStation}&month=2026-07`;
    expect((await get(path, subject)).status).toBe(200);
    await t.db.query(`INSERT INTO blade_role_scope (id, tenant_id, scope_category, scope_id, role_id) VALUES ($1, $2, 1, $3, $4)`, [
      nextId(),
      TENANT,
      scopeId,
      String(user.role_id).split(',')[0],
    ]);
    try {
      expect((await get(path, subject)).status).toBe(404);
      expect((await get(path)).status).toBe(200);
    } finally {
      await t.db.query(`DELETE FROM blade_role_scope WHERE scope_id = $1`, [scopeId]);
    }
  });

  it('bad parameters answer 400 with a clear message in both languages', async () => {
    const nextYear = new Date().getFullYear() + 1;
    const cases: [string, string, string][] = [
      [`/api/v1/monitor/rainfall/day?date=2026-07-02`, '请选择测站', 'Please choose the station'],
      [`/api/v1/monitor/rainfall/day?stationId=abc&date=2026-07-02`, '测站编号格式不正确', 'The station id is malformed'],
      [`/api/v1/monitor/rainfall/day?stationId=${rainStation}`, '请选择日期', 'Please choose the date'],
      [`/api/v1/monitor/rainfall/day?stationId=${rainStation}&date=2026-02-30`, '日期格式应为 yyyy-MM-dd', 'The date must be yyyy-MM-dd'],
      [`/api/v1/monitor/rainfall/month?stationId=${rainStation}&month=2026-13`, '月份应在 01 至 12 之间', 'The month must be 01 to 12'],
      [`/api/v1/monitor/rainfall/month?stationId=${rainStation}&month=2026-7`, '月份格式应为 yyyy-MM', 'The month must be yyyy-MM'],
      [
        `/api/v1/monitor/rainfall/year?stationId=${rainStation}&year=1999`,
        `年份应在 2000 至 ${nextYear} 之间`,
        `The year must be between 2000 and ${nextYear}`,
      ],
      [
        `/api/v1/monitor/rainfall/year?stationId=${rainStation}&year=${nextYear + 1}`,
        `年份应在 2000 至 ${nextYear} 之间`,
        `The year must be between 2000 and ${nextYear}`,
      ],
      [
        `/api/v1/monitor/transshape/year?stationId=${rainStation}&year=2026&element=ZU`,
        '监测要素 ZU 不属于变形（可选：5 (DX), 6 (DY), 7 (DZ)）',
        'The element ZU is not one of deformation (allowed: 5 (DX), 6 (DY), 7 (DZ))',
      ],
      [
        `/api/v1/monitor/rainfall/listAll?stationId=${rainStation}&startTime=2026-07-02 00:00:00&endTime=2026-07-01 00:00:00`,
        '结束时间不能早于开始时间',
        'The end time may not be before the start time',
      ],
      [
        `/api/v1/monitor/rainfall/listAll?stationId=${rainStation}&startTime=2025-01-01&endTime=2026-07-01`,
        '时间范围不能超过 366 天',
        'The time range may span at most 366 days',
      ],
      [
        `/api/v1/monitor/rainfall/listAll?stationId=${rainStation}&startTime=2026-07-01 25:00:00&endTime=2026-07-02`,
        '开始时间格式应为 yyyy-MM-dd HH:mm:ss',
        'The start time must be yyyy-MM-dd HH:mm:ss',
      ],
    ];
    for (const [path, zh, en] of cases) {
      const chinese = await get(path);
      expect(chinese.status, path).toBe(400);
      expect(chinese.body.msg, path).toBe(zh);
      expect((await get(path, admin, 'en')).body.msg, path).toBe(en);
    }
  });

  it('without a session the reports answer 401', async () => {
    expect((await t.api(`/api/v1/monitor/rainfall/day?stationId=${rainStation}&date=2026-07-02`)).status).toBe(401);
  });
});

describe('listAll and listNew', () => {
  it('listAll answers the readings of one station in the range, oldest first', async () => {
    const rows = await report(`/api/v1/monitor/rainfall/listAll?stationId=${rainStation}&startTime=2026-07-01 08:00:00&endTime=2026-07-02 08:00:00`);
    expect(rows).toHaveLength(9);
    expect(rows[0]).toEqual({ element: 2, observeTime: '2026-07-01 08:00:00', value: 5 });
    expect(rows[8]).toEqual({ element: 2, observeTime: '2026-07-02 08:00:00', value: 0.6 });
    const times = rows.map((row: { observeTime: string }) => row.observeTime);
    expect(times).toEqual([...times].sort());
  });

  it('listAll refuses more than 40,000 readings and asks for a shorter range', async () => {
    const station = await addStation(admin, await reservoirOf(TENANT), 1, '密集水位站');
    const code = (await t.db.query(`SELECT station_code FROM info_station WHERE id = $1`, [station])).rows[0].station_code;
    // 45,000 readings one a minute from 2026-06-01 00:00 (about 31 days), stored the way telemetry is
    const start = Date.UTC(2026, 5, 1);
    const batches = Array.from({ length: 9 }, (_, b) => ({
      stationCode: code,
      readings: Array.from({ length: 5_000 }, (_, k) => ({
        element: 'ZU',
        time: new Date(start + (b * 5_000 + k) * 60_000).toISOString().slice(0, 19).replace('T', ' '),
        value: 100,
      })),
    }));
    const stored = await ingestReadings(t.db as unknown as Db, TENANT, batches, 'demo', 'zh');
    expect(stored.accepted).toBe(45_000);
    const tooMany = await get(`/api/v1/monitor/waterLevel/listAll?stationId=${station}&startTime=2026-06-01 00:00:00&endTime=2026-07-02 00:00:00`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toBe('所选时间段数据过多，请缩小时间范围');
    // 40,000 readings exactly: 00:00 … 27 days, 18 h, 39 min later
    const atLimit = await report(`/api/v1/monitor/waterLevel/listAll?stationId=${station}&startTime=2026-06-01 00:00:00&endTime=2026-06-28 18:39:00`);
    expect(atLimit).toHaveLength(40_000);
    expect(atLimit[39_999].observeTime).toBe('2026-06-28 18:39:00');
  });

  it('listNew: rainfall totals of the last 1, 3 and 24 hours and since the last 08:00, from the readings up to now', async () => {
    const station = await addStation(admin, await reservoirOf(TENANT), 2, '近期雨量站');
    const now = (await t.db.query(`SELECT LOCALTIMESTAMP(0)::text AS now`)).rows[0].now as string;
    const nowMs = Date.parse(`${now.replace(' ', 'T')}Z`);
    const at = (hoursAgo: number) => new Date(nowMs - hoursAgo * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    const readings: [number, number][] = [
      [0.5, 1.0],
      [2, 2.0],
      [10, 4.0],
      [30, 8.0], // beyond 24 h
    ];
    for (const [hoursAgo, value] of readings) await addReading('rainfall', station, 2, at(hoursAgo), value);
    // The last 08:00 at or before now, local time
    const eight = new Date(nowMs);
    eight.setUTCHours(8, 0, 0, 0);
    if (eight.getTime() > nowMs) eight.setUTCDate(eight.getUTCDate() - 1);
    const today = readings.filter(([hoursAgo]) => nowMs - hoursAgo * 3_600_000 > eight.getTime()).reduce((sum, [, value]) => sum + value, 0);
    const entry = (await report(`/api/v1/monitor/rainfall/listNew`)).find((row: { stationId: string }) => row.stationId === station);
    expect(entry).toMatchObject({ h1: 1.0, h3: 3.0, h24: 7.0, today: today === 0 ? null : today, latest: { PJ: { value: 1, time: at(0.5) } } });
  });

  it('listNew: each station of the family with its latest reading; water level with the reservoir levels and the change over 24 h', async () => {
    const rain = await report(`/api/v1/monitor/rainfall/listNew`);
    const mine = rain.find((row: { stationId: string }) => row.stationId === rainStation);
    expect(mine).toMatchObject({ stationName: '报表雨量站', latest: { PJ: { value: 1, time: '2026-07-31 08:05:00' } }, activeWarnings: 0 });
    // nothing reported in the last 24 hours: no totals, not zeros
    expect(mine).toMatchObject({ today: null, h1: null, h3: null, h24: null });
    expect(rain.some((row: { stationId: string }) => row.stationId === levelStation || row.stationId === otherStation)).toBe(false);
    const level = (await report(`/api/v1/monitor/waterLevel/listNew`)).find((row: { stationId: string }) => row.stationId === levelStation);
    expect(level).toMatchObject({ latest: { ZU: { value: 99, time: '2026-07-02 00:00:00' } }, change24h: -1 });
    expect(level).toHaveProperty('floodLimitWaterLevel');
  });
});

describe('report exports', () => {
  async function workbook(path: string): Promise<ExcelJS.Worksheet> {
    const response = await fetch(`${t.url}${path}`, { headers: { 'Blade-Auth': `bearer ${admin}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    return book.worksheets[0];
  }

  for (const [kind, query, family, station] of [
    ['day', 'date=2026-07-02', 'rainfall', () => rainStation],
    ['month', 'month=2026-07', 'waterLevel', () => levelStation],
    ['year', 'year=2026', 'rainfall', () => rainStation],
  ] as const) {
    it(`the ${kind} report's .xlsx holds the JSON's columns, rows and summary`, async () => {
      const path = `/api/v1/monitor/${family}/${kind}?stationId=${station()}&${query}`;
      const json = await report(path);
      const sheet = await workbook(path.replace(`/${kind}?`, `/${kind}/export?`));
      expect(String(sheet.getRow(1).getCell(1).value)).toContain(json.station.name);
      const header = sheet.getRow(2);
      json.columns.forEach((column: { title: string }, i: number) => expect(String(header.getCell(i + 2).value)).toContain(column.title));
      let line = 3;
      for (const row of [...json.rows, ...json.summary]) {
        const excel = sheet.getRow(line++);
        expect(excel.getCell(1).value).toBe(row.label);
        json.columns.forEach((column: { key: string }, i: number) => expect(excel.getCell(i + 2).value ?? null).toBe(row.cells[column.key]));
        if (row.times && json.summary.includes(row)) {
          const times = sheet.getRow(line++);
          expect(times.getCell(1).value).toBe('出现时间');
          json.columns.forEach((column: { key: string }, i: number) => expect(times.getCell(i + 2).value ?? null).toBe(row.times[column.key] ?? null));
        }
      }
      expect(sheet.rowCount).toBe(line - 1);
    });
  }

  it('a report export is recorded among the exported reports, and comes in English on request', async () => {
    const response = await fetch(`${t.url}/api/v1/monitor/rainfall/month/export?stationId=${rainStation}&month=2026-07`, {
      headers: { 'Blade-Auth': `bearer ${admin}`, 'Accept-Language': 'en' },
    });
    expect(response.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(String(sheet.getRow(1).getCell(1).value)).toBe('报表雨量站 rainfall monthly report Jul 2026');
    expect(sheet.getRow(2).getCell(2).value).toBe('Daily rainfall (mm)');
    expect(sheet.getRow(3 + 31).getCell(1).value).toBe('Monthly total');
    const recorded = await t.db.query(`SELECT row_count FROM blade_report_file WHERE tenant_id = $1 AND name = $2 AND is_deleted = 0`, [
      TENANT,
      '报表雨量站 rainfall monthly report 2026-07.xlsx',
    ]);
    expect(recorded.rows.map((row) => Number(row.row_count))).toContain(31);
  });
});
