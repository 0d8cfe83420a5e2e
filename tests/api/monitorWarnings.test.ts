/**
 * Index limits and warnings (contract §C): a reading that crosses an enabled
 * limit raises exactly one warning and one inbox notice to each user holding
 * 预警记录 查看 whose data scope covers the row; staying outside only moves
 * the latest and peak values; falling back clears it; crossing again raises a
 * second. Rainfall totals over 1 h / 3 h / 24 h windows ending at the latest
 * reading (hand-computed, lower edge excluded); a lower limit (dead level); a
 * disabled limit raises nothing; eight concurrent entries of a crossing still
 * make one warning and one notice each. A console subscribed to the stream on
 * one server instance is told of a crossing entered through another
 * instance; another tenant's console is told nothing; no token, no stream.
 * Limits: validation (threshold required, total kinds for rainfall only, the
 * element must be the station's family, a station of another tenant is
 * refused) and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/server/db/ids.js';
import { startSecondInstance, startTestServer, type ApiResponse, type TestServer } from './testServer.js';

const TENANT = '316979';
const OTHER = '003189';
const LIMITS = '/api/v1/monitor/indexLimit';
const WARNINGS = '/api/v1/monitor/warningLog';
const STREAM = `${WARNINGS}/stream`;

let a: TestServer;
let b: TestServer;
const token: Record<string, string> = {};
let otherAdmin: string;
let levelStations: { id: string; reservoirId: string; stationName: string; stationCode: string }[];
let rainStation: { id: string; reservoirId: string };
let otherStation: string;

// ─────────────────────────────── helpers ───────────────────────────────

const pad = (n: number) => String(n).padStart(2, '0');

/** A local (Asia/Shanghai) time `yyyy-MM-dd HH:mm:ss`, `days` before today at hh:mm. */
function local(days: number, hh: number, mm = 0): string {
  const now = new Date(Date.now() + 8 * 3_600_000);
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days, hh, mm));
  return `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())} ${pad(day.getUTCHours())}:${pad(day.getUTCMinutes())}:00`;
}

async function ok<T = ApiResponse['body']>(response: Promise<ApiResponse>): Promise<T> {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as T;
}

interface LimitInput {
  stationId: string;
  element: number;
  limitKind: number;
  threshold?: number;
  warningLevel?: number;
  warningType?: number;
  name?: string;
  enabled?: number;
}

function addLimit(input: LimitInput, as = token.admin, server = a) {
  return server.api(`${LIMITS}/save`, { token: as, body: { warningLevel: 1, warningType: 1, name: '汛限水位', ...input } });
}

async function limitId(input: LimitInput): Promise<string> {
  return (await ok(addLimit(input))).id;
}

function level(stationId: string, observeTime: string, value: number, server = a) {
  return ok(server.api('/api/v1/monitor/waterLevel/save', { token: token.admin, body: { stationId, element: 1, observeTime, value } }));
}

function rain(stationId: string, observeTime: string, value: number) {
  return ok(a.api('/api/v1/monitor/rainfall/save', { token: token.admin, body: { stationId, element: 2, observeTime, value } }));
}

interface Warning {
  id: string;
  warningState: number;
  startValue: number;
  peakValue: number;
  lastValue: number;
  startTime: string;
  endTime: string | null;
  warningType: number;
  reservoirId: string;
}

/** The limit's warnings, oldest first (as the admin lists them). */
async function warningsOf(indexLimitId: string): Promise<Warning[]> {
  const page = await ok(a.api(`${WARNINGS}/list?indexLimitId=${indexLimitId}&size=100`, { token: token.admin }));
  return [...page.records].reverse();
}

/** The accounts told of a warning, one entry per message. */
async function noticedAccounts(warningId: string): Promise<string[]> {
  const found = await a.db.query<{ account: string }>(
    `SELECT u.account FROM sys_notice_message m JOIN blade_user u ON u.id = m.user_id
      WHERE m.business_id = $1 AND m.order_type = 10 AND m.is_deleted = 0 ORDER BY u.account`,
    [warningId],
  );
  return found.rows.map((row) => row.account);
}

async function grantDataScope(account: string, scopeValue: string): Promise<void> {
  const role = await a.db.query<{ role_id: string }>('SELECT role_id FROM blade_user WHERE tenant_id = $1 AND account = $2 AND is_deleted = 0', [
    TENANT,
    account,
  ]);
  const scopeId = nextId();
  await a.db.query(
    `INSERT INTO blade_scope_data (id, tenant_id, menu_id, resource_code, scope_name, scope_type, scope_value) VALUES ($1, '000000', 0, 'monitor_warning_log', 'test', 5, $2)`,
    [scopeId, scopeValue],
  );
  await a.db.query('INSERT INTO blade_role_scope (id, tenant_id, scope_category, scope_id, role_id) VALUES ($1, $2, 1, $3, $4)', [
    nextId(),
    TENANT,
    scopeId,
    String(role.rows[0].role_id).split(',')[0],
  ]);
}

interface StreamEvent {
  event: string;
  data: { kind: 'raised' | 'cleared'; warning: Record<string, unknown> };
}

interface OpenStream {
  events: StreamEvent[];
  /** How the stream ended: the server ended it ('ended') or the connection broke or was aborted ('cut'). */
  finished: Promise<'ended' | 'cut'>;
  /** Resolves with the first event (already received or to come) that matches. */
  next(match: (event: StreamEvent) => boolean): Promise<StreamEvent>;
  close(): void;
}

/** Subscribes to the warning stream and resolves once the server says it is listening (`: connected`). */
async function openStream(server: TestServer, accessToken: string): Promise<OpenStream> {
  const abort = new AbortController();
  const response = await fetch(`${server.url}${STREAM}`, {
    headers: { 'Blade-Auth': `bearer ${accessToken}`, Accept: 'text/event-stream' },
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: StreamEvent[] = [];
  const waiting = new Set<() => void>();
  let connected = () => {};
  const isConnected = new Promise<void>((resolve) => (connected = resolve));
  const finished = (async (): Promise<'ended' | 'cut'> => {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'ended';
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(': connected')) connected();
          const lines = block.split('\n');
          const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
          const data = lines
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (event) {
            events.push({ event, data: JSON.parse(data) });
            for (const wake of [...waiting]) wake();
          }
        }
      }
    } catch {
      return 'cut';
    }
  })();
  await isConnected;
  return {
    events,
    finished,
    next(match) {
      return new Promise((resolve) => {
        const check = () => {
          const found = events.find(match);
          if (found) {
            waiting.delete(check);
            resolve(found);
          }
        };
        waiting.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}

// ─────────────────────────────── setup ───────────────────────────────

beforeAll(async () => {
  a = await startTestServer();
  b = await startSecondInstance(a);
  for (const account of ['admin', 'farm_admin', 'subject_admin', 'river_chief', 'inspector']) token[account] = await a.signIn(TENANT, account);
  otherAdmin = await a.signIn(OTHER, 'admin');
  const levels = await ok(a.api('/api/v1/info/station/list?monitorType=1&size=50', { token: token.admin }));
  levelStations = levels.records;
  expect(levelStations.length).toBeGreaterThanOrEqual(7);
  rainStation = (await ok(a.api('/api/v1/info/station/list?monitorType=2&size=1', { token: token.admin }))).records[0];
  otherStation = (await ok(a.api('/api/v1/info/station/list?monitorType=1&size=1', { token: otherAdmin }))).records[0].id;
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

// ─────────────────────────────── crossings ───────────────────────────────

describe('a level crossing its flood limit', () => {
  it('raises one warning and one notice per user in scope, updates it while above, clears it below, raises again', async () => {
    const station = levelStations[0];
    // farm_admin's scope on 预警记录 covers the reservoir's department, subject_admin's covers another one.
    const reservoirDept = (await a.db.query<{ dept_id: string | null }>('SELECT dept_id::text FROM rsc_reservoir WHERE id = $1', [station.reservoirId])).rows[0]
      .dept_id;
    expect(reservoirDept).toBeTruthy();
    await grantDataScope('farm_admin', reservoirDept!);
    await grantDataScope('subject_admin', '1');
    const limit = await limitId({ stationId: station.id, element: 1, limitKind: 1, threshold: 100 });

    await level(station.id, local(3, 8), 99.5);
    expect(await warningsOf(limit)).toEqual([]);

    await level(station.id, local(3, 9), 100.2);
    const [raised] = await warningsOf(limit);
    expect(raised).toMatchObject({ warningState: 1, startValue: 100.2, peakValue: 100.2, lastValue: 100.2, startTime: local(3, 9), endTime: null });
    expect(raised.reservoirId).toBe(station.reservoirId);
    // admin (all rows) and farm_admin (scope covers the reservoir) hold the button; subject_admin's scope does not
    // cover it; river_chief and inspector do not hold the button.
    expect(await noticedAccounts(raised.id)).toEqual(['admin', 'farm_admin']);

    await level(station.id, local(3, 10), 100.6);
    await level(station.id, local(3, 11), 100.3);
    const [kept, ...none] = await warningsOf(limit);
    expect(none).toEqual([]);
    expect(kept).toMatchObject({ id: raised.id, warningState: 1, startValue: 100.2, peakValue: 100.6, lastValue: 100.3, endTime: null });
    expect(await noticedAccounts(raised.id)).toEqual(['admin', 'farm_admin']);

    await level(station.id, local(3, 12), 99.8);
    const [cleared] = await warningsOf(limit);
    expect(cleared).toMatchObject({ id: raised.id, warningState: 2, endTime: local(3, 12), peakValue: 100.6 });
    expect(await noticedAccounts(raised.id)).toEqual(['admin', 'farm_admin']);

    await level(station.id, local(3, 13), 100.1);
    const all = await warningsOf(limit);
    expect(all.map((w) => [w.warningState, w.startValue])).toEqual([
      [2, 100.2],
      [1, 100.1],
    ]);
    expect(await noticedAccounts(all[1].id)).toEqual(['admin', 'farm_admin']);

    // The active warning is what listNew answers; subject_admin's scope hides it.
    const active = await ok(a.api(`${WARNINGS}/listNew?stationId=${station.id}`, { token: token.admin }));
    expect(active.map((w: Warning) => w.id)).toEqual([all[1].id]);
    expect(await ok(a.api(`${WARNINGS}/listNew?stationId=${station.id}`, { token: token.subject_admin }))).toEqual([]);
  });

  it('a dead-level limit (at or below) raises going down and clears coming back up', async () => {
    const station = levelStations[1];
    const limit = await limitId({ stationId: station.id, element: 1, limitKind: 2, threshold: 80, warningType: 2, name: '死水位' });
    await level(station.id, local(3, 8), 81);
    expect(await warningsOf(limit)).toEqual([]);
    await level(station.id, local(3, 9), 80);
    await level(station.id, local(3, 10), 79.4);
    expect(await warningsOf(limit)).toMatchObject([{ warningState: 1, warningType: 2, startValue: 80, peakValue: 79.4, lastValue: 79.4 }]);
    await level(station.id, local(3, 11), 80.5);
    expect(await warningsOf(limit)).toMatchObject([{ warningState: 2, endTime: local(3, 11), peakValue: 79.4 }]);
  });

  it('removing the reading that crossed clears its warning', async () => {
    const station = levelStations[1]; // latest level 80.5
    const limit = await limitId({ stationId: station.id, element: 1, limitKind: 1, threshold: 90, name: '汛限水位' });
    const crossing = await level(station.id, local(3, 12), 90.5);
    const [raised] = await warningsOf(limit);
    expect(raised).toMatchObject({ warningState: 1, startTime: local(3, 12) });
    await ok(a.api(`/api/v1/monitor/waterLevel/remove?ids=${crossing.id}`, { token: token.admin, method: 'POST' }));
    expect(await warningsOf(limit)).toMatchObject([{ id: raised.id, warningState: 2, endTime: local(3, 12), lastValue: 80.5 }]);
  });

  it('a disabled limit raises nothing; disabling an active one clears its warning', async () => {
    const station = levelStations[2];
    const disabled = await limitId({ stationId: station.id, element: 1, limitKind: 1, threshold: 100, enabled: 0 });
    const enabled = await limitId({ stationId: station.id, element: 1, limitKind: 1, threshold: 101, name: '设计洪水位', warningLevel: 3 });
    await level(station.id, local(3, 8), 102);
    expect(await warningsOf(disabled)).toEqual([]);
    const [active] = await warningsOf(enabled);
    expect(active.warningState).toBe(1);
    await ok(a.api(`${LIMITS}/update`, { token: token.admin, body: { id: enabled, enabled: 0 } }));
    expect(await warningsOf(enabled)).toMatchObject([{ id: active.id, warningState: 2 }]);
  });

  it('eight concurrent entries crossing the limit make one warning and one notice each', async () => {
    const station = levelStations[3];
    const limit = await limitId({ stationId: station.id, element: 1, limitKind: 1, threshold: 100 });
    await level(station.id, local(12, 8), 99);
    // One reading a day (days 10 … 3 ago), all above the limit, entered at once; the newest is the highest.
    await Promise.all(Array.from({ length: 8 }, (_, i) => level(station.id, local(10 - i, 8), 100.5 + i / 10)));
    const warnings = await warningsOf(limit);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ warningState: 1, lastValue: 101.2 });
    const accounts = await noticedAccounts(warnings[0].id);
    expect(accounts.length).toBeGreaterThan(0);
    expect(new Set(accounts).size).toBe(accounts.length);
  });
});

describe('ingestion', () => {
  it('eight concurrent telemetry batches crossing the limit make one warning and one notice each', async () => {
    const station = levelStations[2]; // its limits so far are disabled; its latest level is 102
    const limit = await limitId({ stationId: station.id, element: 1, limitKind: 1, threshold: 103, name: '正常蓄水位', warningLevel: 2 });
    const { deviceKey } = await ok(a.api('/api/v1/info/station/deviceKey', { token: token.admin, body: { id: station.id } }));
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 === 0 ? a : b).api('/api/v1/monitor/reading/ingest', {
          headers: { 'Tenant-Id': TENANT },
          body: { batches: [{ stationCode: station.stationCode, deviceKey, readings: [{ element: 'ZU', time: local(3, 9, i), value: 103.5 + i / 10 }] }] },
        }),
      ),
    );
    expect(answers.map((answer) => [answer.status, answer.body.data?.accepted])).toEqual(Array.from({ length: 8 }, () => [200, 1]));
    const warnings = await warningsOf(limit);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ warningState: 1, lastValue: 104.2, peakValue: 104.2 });
    expect(await noticedAccounts(warnings[0].id)).toEqual(['admin', 'farm_admin']);
  });
});

describe('a delivery of several readings (a buffer uploaded after an outage, a batch)', () => {
  let levelLimit: string;
  /** Sends one batch of a station's readings through the HTTP ingestion with a fresh device key. */
  async function deliver(station: { id: string; stationCode: string }, element: string, readings: [string, number][]) {
    const { deviceKey } = await ok(a.api('/api/v1/info/station/deviceKey', { token: token.admin, body: { id: station.id } }));
    return ok(
      a.api('/api/v1/monitor/reading/ingest', {
        headers: { 'Tenant-Id': TENANT },
        body: { batches: [{ stationCode: station.stationCode, deviceKey, readings: readings.map(([time, value]) => ({ element, time, value })) }] },
      }),
    );
  }

  it('raises and clears a crossing that starts and ends inside it, with one notice; a late reading before the clearing raises nothing', async () => {
    const station = levelStations[7];
    expect(station).toBeDefined();
    const limit = (levelLimit = await limitId({ stationId: station.id, element: 1, limitKind: 1, threshold: 100 }));
    const answer = await deliver(station, 'ZU', [
      [local(3, 8), 99],
      [local(3, 9), 103],
      [local(3, 10), 99.5],
    ]);
    expect(answer.accepted).toBe(3);
    const [warning, ...none] = await warningsOf(limit);
    expect(none).toEqual([]);
    expect(warning).toMatchObject({ warningState: 2, startValue: 103, peakValue: 103, lastValue: 99.5, startTime: local(3, 9), endTime: local(3, 10) });
    const accounts = await noticedAccounts(warning.id);
    expect(accounts).toContain('admin');
    expect(new Set(accounts).size).toBe(accounts.length);

    // A reading older than the clearing, arriving late, is history already decided: no second warning.
    expect((await deliver(station, 'ZU', [[local(3, 9, 30), 104]])).accepted).toBe(1);
    expect(await warningsOf(limit)).toMatchObject([{ id: warning.id, warningState: 2, peakValue: 103, endTime: local(3, 10) }]);
  });

  it('that ends outside leaves the warning active from the first reading that crossed', async () => {
    const station = levelStations[7]; // the crossing above was cleared at day-3 10:00
    const limit = levelLimit;
    await deliver(station, 'ZU', [
      [local(3, 11), 99.8],
      [local(3, 12), 100.4],
      [local(3, 13), 101],
      [local(3, 14), 100.7],
    ]);
    const warnings = await warningsOf(limit);
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toMatchObject({ warningState: 1, startValue: 100.4, startTime: local(3, 12), peakValue: 101, lastValue: 100.7, endTime: null });
    expect((await noticedAccounts(warnings[1].id)).length).toBeGreaterThan(0);
  });

  it('a reading entered by hand between two others is walked from its time: a crossing in the past raises and clears', async () => {
    const station = levelStations[5];
    const limit = await limitId({ stationId: station.id, element: 1, limitKind: 1, threshold: 90, name: '汛限水位' });
    await level(station.id, local(4, 8), 85);
    await level(station.id, local(4, 10), 86);
    expect(await warningsOf(limit)).toEqual([]);
    await level(station.id, local(4, 9), 95);
    expect(await warningsOf(limit)).toMatchObject([{ warningState: 2, startValue: 95, startTime: local(4, 9), endTime: local(4, 10), lastValue: 86 }]);
  });

  it('raises and clears a rainfall burst whose 1 h total crosses inside it, the window start excluded', async () => {
    const rains = (await ok(a.api('/api/v1/info/station/list?monitorType=2&size=2', { token: token.admin }))).records;
    const station = rains[1];
    expect(station).toBeDefined();
    const limit = await limitId({ stationId: station.id, element: 2, limitKind: 3, threshold: 20, warningType: 3, name: '1小时暴雨' });
    await deliver(station, 'PJ', [
      [local(2, 0, 0), 5],
      [local(2, 0, 20), 8],
      [local(2, 0, 40), 9], // (23:40, 00:40]: 5 + 8 + 9 = 22 ≥ 20
      [local(2, 1, 0), 0], // (00:00, 01:00]: the 00:00 reading is out: 8 + 9 = 17 < 20
      [local(2, 1, 10), 1],
    ]);
    expect(await warningsOf(limit)).toMatchObject([
      { warningState: 2, startValue: 22, startTime: local(2, 0, 40), peakValue: 22, lastValue: 17, endTime: local(2, 1, 0) },
    ]);
  });
});

describe('rainfall totals', () => {
  it('compare the 1 h, 3 h and 24 h totals ending at the latest reading, the window start excluded', async () => {
    const id = rainStation.id;
    const h1 = await limitId({ stationId: id, element: 2, limitKind: 3, threshold: 23, warningType: 3, name: '1小时暴雨' });
    const h3 = await limitId({ stationId: id, element: 2, limitKind: 4, threshold: 34, warningType: 3, name: '3小时暴雨' });
    const h24 = await limitId({ stationId: id, element: 2, limitKind: 5, threshold: 68, warningType: 3, name: '24小时暴雨' });
    // Day D = 2 days ago; readings entered in time order.
    await rain(id, local(3, 8), 7); // exactly 24 h before the last: outside its 24 h window
    await rain(id, local(3, 10), 10);
    await rain(id, local(3, 12), 10);
    await rain(id, local(3, 14), 10);
    await rain(id, local(2, 5), 5); // exactly 3 h before the last: outside its 3 h window
    await rain(id, local(2, 6), 10);
    await rain(id, local(2, 7, 30), 15);
    await rain(id, local(2, 8), 8);
    // 1 h (07:00, 08:00]: 15 + 8 = 23 ≥ 23; 3 h (05:00, 08:00]: 10 + 15 + 8 = 33 < 34;
    // 24 h (D-1 08:00, D 08:00]: 10 + 10 + 10 + 5 + 10 + 15 + 8 = 68 ≥ 68. No earlier reading ended a window over its limit.
    expect(await warningsOf(h1)).toMatchObject([{ warningState: 1, startValue: 23, startTime: local(2, 8) }]);
    expect(await warningsOf(h3)).toEqual([]);
    expect(await warningsOf(h24)).toMatchObject([{ warningState: 1, startValue: 68 }]);

    // 09:30 with 0 mm: the hour (08:30, 09:30] is dry, the 24 h still 68.
    await rain(id, local(2, 9, 30), 0);
    expect(await warningsOf(h1)).toMatchObject([{ warningState: 2, endTime: local(2, 9, 30), lastValue: 0 }]);
    expect(await warningsOf(h24)).toMatchObject([{ warningState: 1, lastValue: 68 }]);
  });
});

describe('warning counts', () => {
  it('count the warnings raised per hour, day and month by level, and export them', async () => {
    const station = levelStations[6];
    await limitId({ stationId: station.id, element: 1, limitKind: 1, threshold: 200, warningLevel: 2, name: '设计洪水位' });
    await limitId({ stationId: station.id, element: 1, limitKind: 1, threshold: 210, warningLevel: 4, name: '校核洪水位' });
    await level(station.id, local(4, 9, 10), 205); // raises the level-2 warning in the 09:00 hour
    await level(station.id, local(4, 10), 199); // clears it
    await level(station.id, local(4, 15, 30), 211); // raises both in the 15:00 hour
    const date = local(4, 0).slice(0, 10);
    const filter = `stationId=${station.id}`;
    const day = await ok(a.api(`${WARNINGS}/day?date=${date}&${filter}`, { token: token.admin }));
    expect(day.columns.map((c: { key: string }) => c.key)).toEqual(['level1', 'level2', 'level3', 'level4', 'total']);
    expect(day.rows).toHaveLength(24);
    expect(day.rows[9]).toMatchObject({ label: '09:00-10:00', cells: { level1: 0, level2: 1, level3: 0, level4: 0, total: 1 } });
    expect(day.rows[15].cells).toEqual({ level1: 0, level2: 1, level3: 0, level4: 1, total: 2 });
    expect(day.rows.filter((r: { cells: { total: number } }) => r.cells.total > 0)).toHaveLength(2);
    expect(day.summary[0].cells).toEqual({ level1: 0, level2: 2, level3: 0, level4: 1, total: 3 });

    const month = await ok(a.api(`${WARNINGS}/month?month=${date.slice(0, 7)}&${filter}`, { token: token.admin }));
    expect(month.rows[Number(date.slice(8)) - 1].cells.total).toBe(3);
    expect(month.summary[0].cells.total).toBe(3);
    const year = await ok(a.api(`${WARNINGS}/year?year=${date.slice(0, 4)}&${filter}`, { token: token.admin }));
    expect(year.rows).toHaveLength(12);
    expect(year.rows[Number(date.slice(5, 7)) - 1].cells).toMatchObject({ level2: 2, level4: 1, total: 3 });

    const file = await fetch(`${a.url}${WARNINGS}/day/export?date=${date}&${filter}`, { headers: { 'Blade-Auth': `bearer ${token.admin}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    expect((await a.api(`${WARNINGS}/day?date=2026-02-30`, { token: token.admin })).status).toBe(400);
    expect((await a.api(`${WARNINGS}/day?date=${date}`, { token: token.inspector })).status).toBe(403);
  });
});

// ─────────────────────────────── stream ───────────────────────────────

describe('the warning stream', () => {
  it('pushes raised and cleared warnings entered through another instance, to its own tenant only', async () => {
    const station = levelStations[4];
    const limit = await limitId({ stationId: station.id, element: 1, limitKind: 1, threshold: 100 });
    const ours = await openStream(b, token.admin);
    const theirs = await openStream(b, otherAdmin);
    // subject_admin holds the menu, but the data scope granted above covers another department.
    const outOfScope = await openStream(b, token.subject_admin);
    try {
      await level(station.id, local(3, 8), 100.4, a);
      const raised = await ours.next((e) => e.data.kind === 'raised' && e.data.warning.indexLimitId === limit);
      expect(raised.event).toBe('warning');
      expect(raised.data.warning).toMatchObject({ stationId: station.id, startValue: 100.4, warningState: 1, stationName: station.stationName });
      await level(station.id, local(3, 9), 99.6, a);
      const cleared = await ours.next((e) => e.data.kind === 'cleared' && e.data.warning.id === raised.data.warning.id);
      expect(cleared.data.warning).toMatchObject({ warningState: 2, endTime: local(3, 9) });
      // The other tenant's console and the user out of scope, open all along on the same instance, were told nothing.
      expect(theirs.events).toEqual([]);
      expect(outOfScope.events).toEqual([]);
    } finally {
      ours.close();
      theirs.close();
      outOfScope.close();
    }
  });

  it('tells open consoles a warning is cleared when its limit is disabled, and when its station is removed', async () => {
    const station = await ok(
      a.api('/api/v1/info/station/save', {
        token: token.admin,
        body: { stationCode: `W${Date.now()}`, stationName: '待撤测站', stationType: 3, monitorType: 1, reservoirId: levelStations[0].reservoirId },
      }),
    );
    const first = await limitId({ stationId: station.id, element: 1, limitKind: 1, threshold: 100 });
    const second = await limitId({ stationId: station.id, element: 1, limitKind: 1, threshold: 100.2, name: '正常蓄水位' });
    const stream = await openStream(a, token.admin);
    try {
      await level(station.id, local(4, 8), 100.5);
      const [raised] = await warningsOf(first);
      await ok(a.api(`${LIMITS}/update`, { token: token.admin, body: { id: first, enabled: 0 } }));
      await stream.next((e) => e.data.kind === 'cleared' && e.data.warning.id === raised.id);

      const [other] = await warningsOf(second);
      expect(other.warningState).toBe(1);
      await ok(a.api(`/api/v1/info/station/remove?ids=${station.id}`, { token: token.admin, method: 'POST' }));
      const cleared = await stream.next((e) => e.data.kind === 'cleared' && e.data.warning.id === other.id);
      expect(cleared.data.warning.warningState).toBe(2);
      // The removed station's limits went with it: nothing is left to raise or to clear.
      expect((await a.db.query(`SELECT count(*)::int AS n FROM monitor_index_limit WHERE station_id = $1 AND is_deleted = 0`, [station.id])).rows[0].n).toBe(0);
    } finally {
      stream.close();
    }
  });

  it('comes back when the database drops the LISTEN connection: open streams end, new ones get the events', async () => {
    const station = levelStations[4];
    const limit = await limitId({ stationId: station.id, element: 1, limitKind: 1, threshold: 150, name: '校核洪水位', warningLevel: 4 });
    const before = await openStream(b, token.admin);
    const dropped = await a.db.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN "monitor_warning"'`,
    );
    expect(dropped.rowCount).toBeGreaterThanOrEqual(2); // instance a's and b's
    expect(await before.finished).toBe('ended');
    const after = await openStream(b, token.admin);
    try {
      await level(station.id, local(3, 10), 151, a);
      const raised = await after.next((e) => e.data.kind === 'raised' && e.data.warning.indexLimitId === limit);
      expect(raised.data.warning).toMatchObject({ startValue: 151, warningLevel: 4 });
    } finally {
      after.close();
    }
  });

  it('ends a stream when its access token expires, and does not hold a stopping server', async () => {
    const c = await startSecondInstance(a, { accessTokenSeconds: 2 });
    try {
      const shortLived = await openStream(c, await c.signIn(TENANT, 'admin'));
      expect(await shortLived.finished).toBe('ended');
      // Open streams are ended when the server stops, not cut at the drain deadline.
      const open = await openStream(c, token.admin);
      await c.close();
      expect(await open.finished).toBe('ended');
    } finally {
      await c.close().catch(() => {});
    }
  });

  it('refuses a request without a token (401) and a user without the menus (403)', async () => {
    expect((await a.api(STREAM, { headers: { Accept: 'text/event-stream' } })).status).toBe(401);
    expect((await a.api(STREAM, { token: token.inspector, headers: { Accept: 'text/event-stream' } })).status).toBe(403);
  });
});

// ─────────────────────────────── limits ───────────────────────────────

describe('index limits', () => {
  it('require a threshold', async () => {
    const answer = await a.api(`${LIMITS}/save`, {
      token: token.admin,
      body: { stationId: levelStations[5].id, element: 1, limitKind: 1, warningLevel: 1, warningType: 1, name: 'x' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toContain('请填写阈值');
  });

  it('allow the 1 h / 3 h / 24 h totals for rainfall only', async () => {
    const answer = await addLimit({ stationId: levelStations[5].id, element: 1, limitKind: 3, threshold: 20 });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toContain('只适用于降水量');
    expect((await addLimit({ stationId: rainStation.id, element: 2, limitKind: 5, threshold: 100 })).status).toBe(200);
  });

  it('take the element of the station family and the reservoir of the station', async () => {
    const wrong = await addLimit({ stationId: levelStations[5].id, element: 2, limitKind: 1, threshold: 20 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toContain('监测类型与所选监测要素不符');
    const saved = await ok(addLimit({ stationId: levelStations[5].id, element: 1, limitKind: 1, threshold: 100 }));
    expect(saved.reservoirId).toBe(levelStations[5].reservoirId);
  });

  it('refuse a station of another tenant and keep each tenant to its own limits', async () => {
    const refused = await addLimit({ stationId: otherStation, element: 1, limitKind: 1, threshold: 100 });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain('所选测站不存在或已被删除');

    const ours = await ok(addLimit({ stationId: levelStations[5].id, element: 1, limitKind: 1, threshold: 120, name: '校核洪水位' }));
    const theirs = await ok(addLimit({ stationId: otherStation, element: 1, limitKind: 1, threshold: 100 }, otherAdmin));
    const listed = await ok(a.api(`${LIMITS}/list?size=100`, { token: otherAdmin }));
    expect(listed.records.map((r: { id: string }) => r.id)).toContain(theirs.id);
    expect(listed.records.map((r: { id: string }) => r.id)).not.toContain(ours.id);
    expect((await a.api(`${LIMITS}/detail?id=${ours.id}`, { token: otherAdmin })).status).not.toBe(200);
    expect((await a.api(`${LIMITS}/update`, { token: otherAdmin, body: { id: ours.id, threshold: 1 } })).status).not.toBe(200);
    expect((await a.api(`${LIMITS}/remove?ids=${ours.id}`, { token: otherAdmin, method: 'POST' })).status).not.toBe(200);
    expect((await ok(a.api(`${LIMITS}/detail?id=${ours.id}`, { token: token.admin }))).threshold).toBe(120);
  });

  it('are for users holding the buttons: the inspector may not add one', async () => {
    expect((await addLimit({ stationId: levelStations[5].id, element: 1, limitKind: 1, threshold: 100 }, token.inspector)).status).toBe(403);
  });
});
