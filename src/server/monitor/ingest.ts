/**
 * Telemetry ingestion (contract §B): batches of readings, each batch one
 * station named by its code and authenticated by its device key (HTTP and
 * MQTT; demo data needs no key). Every reading is checked by the register's
 * one rule (readingRefusal in readingRules.ts) with a reason code; the good
 * ones are stored as the station's device (its creator and department) by
 * insertMany with onConflict 'ignore' — a repeated delivery stores nothing
 * and counts as duplicates, so ingestion is idempotent — in one transaction
 * that also keeps the daily rollup (the register's afterInsertMany), runs the
 * warnings evaluator for the touched (station, element) pairs and counts the
 * refusals per (station code, reason, hour) in monitor/ingestReject.
 */
import { withTransaction, type Db, type DbClient } from '../db/pool.js';
import { localApi, type LocalContext } from '../engine/localApi.js';
import type { Language } from '../http/apiError.js';
import { elementByCode } from '../../shared/monitorElements.js';
import { deviceKeyMatches, isLiveTenant, stationCaller, stationsByCode, type IngestStation } from './ingestStations.js';
import { countRejections, type RejectionSample } from './ingestRejects.js';
import { canonicalTime, latestAcceptableTime, lockStations, readingRefusal, SOURCE_DEMO, SOURCE_HTTP, SOURCE_MQTT, type Refusal } from './readingRules.js';
import type { RejectReason } from './rejectReasons.js';
import { evaluateWarnings } from './warnings.js';

export type IngestChannel = 'http' | 'mqtt' | 'demo';

export interface IngestReading {
  /** The element's wire code (ZU, PJ, SQ, SP, DX, DY, DZ). */
  element: string;
  /** Local time, yyyy-MM-dd HH:mm:ss. */
  time: string;
  value: number;
}

export interface IngestBatch {
  stationCode: string;
  /** Required for http and mqtt, not for demo. */
  deviceKey?: string;
  readings: IngestReading[];
}

export interface IngestReason {
  stationCode: string;
  index?: number;
  element?: string;
  time?: string;
  reason: string;
  message: string;
}

export interface IngestResult {
  accepted: number;
  duplicates: number;
  rejected: number;
  /** The first MAX_REASONS refusals. */
  reasons: IngestReason[];
  rejectedByReason: Record<string, number>;
}

/** Readings one batch (one station's delivery) may carry; beyond it the batch is refused as too_many. */
export const MAX_READINGS_PER_BATCH = 5_000;
export const MAX_REASONS = 100;

const SOURCE_OF: Record<IngestChannel, 1 | 2 | 3 | 4> = { http: SOURCE_HTTP, mqtt: SOURCE_MQTT, demo: SOURCE_DEMO };

type Row = Record<string, unknown>;

interface Candidate {
  station: IngestStation;
  batchIndex: number;
  index: number;
  element: string;
  time: string;
  row: { stationId: string; element: number; observeTime: string; value: number; source: 1 | 2 | 3 | 4 };
}

interface RefusalDetail {
  index?: number;
  element?: string;
  time?: string;
  value?: string;
}

class Tally {
  readonly result: IngestResult = { accepted: 0, duplicates: 0, rejected: 0, reasons: [], rejectedByReason: {} };
  readonly samples = new Map<string, RejectionSample>();

  constructor(
    private readonly language: Language,
    private readonly countable: boolean,
  ) {}

  refuse(stationCode: string, reason: RejectReason, refusal: { zh: string; en: string }, count: number, detail: RefusalDetail = {}): void {
    if (count <= 0) return;
    const message = this.language === 'en' ? refusal.en : refusal.zh;
    this.result.rejected += count;
    this.result.rejectedByReason[reason] = (this.result.rejectedByReason[reason] ?? 0) + count;
    if (this.result.reasons.length < MAX_REASONS) {
      const { value: _value, ...shown } = detail;
      this.result.reasons.push({ stationCode, ...shown, reason, message });
    }
    if (!this.countable) return;
    const code = stationCode.slice(0, 64);
    const key = `${code}|${reason}`;
    const sample = this.samples.get(key);
    const last = { element: detail.element, time: detail.time, value: detail.value, message };
    if (sample) {
      sample.count += count;
      sample.last = last;
    } else this.samples.set(key, { stationCode: code, reason, count, last });
  }
}

const text = (zh: string, en: string) => ({ zh, en });

function codeOf(batch: unknown): string {
  const code = batch && typeof batch === 'object' ? (batch as Row).stationCode : undefined;
  return typeof code === 'string' ? code : code === undefined || code === null ? '' : String(code);
}

function readingsOf(batch: unknown): unknown[] {
  const readings = batch && typeof batch === 'object' ? (batch as Row).readings : undefined;
  return Array.isArray(readings) ? readings : [];
}

function asText(value: unknown, max: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  return (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))).slice(0, max);
}

/** Checks one reading of an authenticated station: a candidate row, or a refusal. */
function checkReading(
  station: IngestStation,
  reading: unknown,
  latest: string,
  source: 1 | 2 | 3 | 4,
): { row: Candidate['row'] } | { reason: RejectReason; refusal: { zh: string; en: string } } {
  if (!reading || typeof reading !== 'object' || Array.isArray(reading)) {
    return { reason: 'bad_value', refusal: text('测值记录应为 {element, time, value} 对象', 'A reading must be an object {element, time, value}') };
  }
  const { element: code, time, value } = reading as Row;
  const element = typeof code === 'string' ? elementByCode(code) : undefined;
  if (!element) {
    return {
      reason: 'unknown_element',
      refusal: text(`监测要素 ${asText(code, 16) ?? '（空）'} 不存在`, `There is no element ${asText(code, 16) ?? '(none)'}`),
    };
  }
  const observeTime = canonicalTime(time);
  const refusal: Refusal | undefined = readingRefusal({ element: element.key, observeTime: observeTime ?? time, value }, station, latest);
  if (refusal) return { reason: refusal.reason, refusal };
  return { row: { stationId: station.id, element: element.key, observeTime: observeTime!, value: value as number, source } };
}

/** Stores the candidates of one creator (a caller) and answers what insertMany did. */
async function store(ctx: LocalContext, tx: DbClient, candidates: Candidate[], tally: Tally): Promise<Row[]> {
  const api = localApi(ctx, tx).tenantWide();
  const result = await api.insertMany(
    'monitor/reading',
    candidates.map((candidate) => candidate.row),
    { onConflict: 'ignore' },
  );
  tally.result.accepted += result.inserted.length;
  tally.result.duplicates += result.duplicates;
  for (const rejected of result.rejected) {
    // The rule ran before; a row refused here failed a check of the register itself (a reference, a validation).
    const candidate = candidates[rejected.index];
    const reason: RejectReason = rejected.field === 'value' ? 'out_of_range' : rejected.field === 'observeTime' ? 'bad_time' : 'wrong_family';
    tally.refuse(candidate.station.stationCode, reason, { zh: rejected.message, en: rejected.message }, 1, {
      index: candidate.index,
      element: candidate.element,
      time: candidate.time,
      value: String(candidate.row.value),
    });
  }
  return result.inserted as unknown as Row[];
}

/**
 * Ingests the batches of one tenant. Structural limits (how many batches and readings a request may carry)
 * are the transport's (HTTP route, MQTT subscriber); here a batch over MAX_READINGS_PER_BATCH is refused
 * whole as too_many.
 */
export async function ingestReadings(
  db: Db,
  tenantId: string,
  batches: IngestBatch[],
  channel: IngestChannel,
  language: Language,
  options: { notify?: boolean } = {},
): Promise<IngestResult> {
  const isLive = await isLiveTenant(db, tenantId);
  const tally = new Tally(language, isLive);
  const stations = isLive ? await stationsByCode(db, tenantId, batches.map(codeOf)) : new Map<string, IngestStation>();
  const latest = await latestAcceptableTime(db);
  const source = SOURCE_OF[channel];
  const candidates: Candidate[] = [];

  batches.forEach((batch, batchIndex) => {
    const stationCode = codeOf(batch);
    const readings = readingsOf(batch);
    const station = stations.get(stationCode);
    const first = (readings[0] ?? {}) as Row;
    const sample = { element: asText(first.element, 16), time: asText(first.time, 32), value: asText(first.value, 64) };
    if (readings.length > MAX_READINGS_PER_BATCH) {
      tally.refuse(
        stationCode,
        'too_many',
        text(
          `一批最多 ${MAX_READINGS_PER_BATCH} 条测值，本批 ${readings.length} 条，整批拒收`,
          `A batch may carry at most ${MAX_READINGS_PER_BATCH} readings; this one has ${readings.length} and was refused`,
        ),
        readings.length,
        sample,
      );
      return;
    }
    if (!station) {
      tally.refuse(
        stationCode,
        'unknown_station',
        text(`测站 ${stationCode.slice(0, 64)} 不存在`, `There is no station ${stationCode.slice(0, 64)}`),
        readings.length,
        sample,
      );
      return;
    }
    if (channel !== 'demo' && !deviceKeyMatches(db, station, (batch as unknown as Row | null)?.deviceKey)) {
      tally.refuse(
        stationCode,
        'bad_key',
        text('设备密钥不正确或测站未设置设备密钥', 'The device key is wrong, or the station has none'),
        readings.length,
        sample,
      );
      return;
    }
    readings.forEach((reading, index) => {
      const checked = checkReading(station, reading, latest, source);
      const raw = (reading && typeof reading === 'object' ? reading : {}) as Row;
      const detail = { index, element: asText(raw.element, 16), time: asText(raw.time, 32) };
      if ('reason' in checked) {
        tally.refuse(stationCode, checked.reason, checked.refusal, 1, { ...detail, value: asText(raw.value, 64) });
        return;
      }
      candidates.push({ station, batchIndex, index, element: detail.element ?? '', time: checked.row.observeTime, row: checked.row });
    });
  });

  // A fixed order (station, element, time) so that concurrent deliveries lock the same keys in the same order.
  candidates.sort((a, b) =>
    a.row.stationId !== b.row.stationId
      ? BigInt(a.row.stationId) < BigInt(b.row.stationId)
        ? -1
        : 1
      : a.row.element !== b.row.element
        ? a.row.element - b.row.element
        : a.row.observeTime < b.row.observeTime
          ? -1
          : a.row.observeTime > b.row.observeTime
            ? 1
            : 0,
  );
  if (candidates.length === 0 && tally.samples.size === 0) return publicResult(tally);

  await withTransaction(db, async (tx) => {
    await lockStations(
      tx,
      tenantId,
      candidates.map((candidate) => candidate.row.stationId),
    );
    const byCreator = new Map<string, Candidate[]>();
    for (const candidate of candidates) {
      const key = `${candidate.station.createUser}|${candidate.station.createDept}`;
      const group = byCreator.get(key);
      if (group) group.push(candidate);
      else byCreator.set(key, [candidate]);
    }
    for (const group of byCreator.values()) {
      const ctx: LocalContext = { db, caller: stationCaller(tenantId, group[0].station, channel), language };
      const inserted = await store(ctx, tx, group, tally);
      // Each touched pair walks from the earliest reading this call stored for it (a crossing inside the delivery raises).
      const touchedBy = new Map<string, { stationId: string; element: number; since: string }>();
      for (const row of inserted) {
        const key = `${row.stationId}|${row.element}`;
        const time = String(row.observeTime);
        const pair = touchedBy.get(key);
        if (!pair) touchedBy.set(key, { stationId: String(row.stationId), element: Number(row.element), since: time });
        else if (time < pair.since) pair.since = time;
      }
      const touched = [...touchedBy.values()];
      if (touched.length > 0) await evaluateWarnings(ctx, tx, touched, { notify: options.notify });
    }
    await countRejections(tx, tenantId, channel, [...tally.samples.values()]);
  });
  return publicResult(tally);
}

function publicResult(tally: Tally): IngestResult {
  return tally.result;
}
