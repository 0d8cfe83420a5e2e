/**
 * Counting refused readings (monitor/ingestReject): one row per (station code
 * as sent, reason, hour) with the count and the last refused sample, upserted
 * once per delivery, so a misconfigured device shows up as a few rows an hour
 * however much it sends.
 *
 * Codes of stations that do not exist are the caller's free choice (no key
 * was checked), so they are never keys: all of a tenant's unknown-station
 * refusals of an hour share one row (station code `*`, which no station can
 * have) whose message names the last code sent. Text from the wire is stored
 * without control characters (PostgreSQL refuses NUL, and one refused sample
 * must not undo the delivery's good readings).
 */
import type { DbClient } from '../db/pool.js';
import { nextId } from '../db/ids.js';
import type { RejectReason } from './rejectReasons.js';

export interface RejectionSample {
  stationCode: string;
  reason: RejectReason;
  count: number;
  last: { element?: string; time?: string; value?: string; message: string };
}

/** The station code unknown-station refusals are counted under (station codes are letters and digits). */
export const UNKNOWN_STATION_ROW = '*';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** Wire text as it may be stored: control characters shown as U+FFFD, at most `max` characters. */
const storable = (value: string, max: number) => value.replace(CONTROL_CHARACTERS, '\ufffd').slice(0, max);

const cut = (value: string | undefined, max: number) => (value === undefined ? null : storable(value, max));

/** The delivery's samples with every unknown station folded into one (the last one's message, the counts added). */
function foldUnknownStations(samples: RejectionSample[]): RejectionSample[] {
  const known = samples.filter((sample) => sample.reason !== 'unknown_station');
  const unknown = samples.filter((sample) => sample.reason === 'unknown_station');
  if (unknown.length === 0) return known;
  const count = unknown.reduce((sum, sample) => sum + sample.count, 0);
  return [...known, { ...unknown[unknown.length - 1], stationCode: UNKNOWN_STATION_ROW, count }];
}

/** Adds the refusals of one delivery to the current hour's rows (keys in a fixed order: no deadlock between deliveries). */
export async function countRejections(tx: DbClient, tenantId: string, channel: string, samples: RejectionSample[]): Promise<void> {
  if (samples.length === 0) return;
  const sorted = foldUnknownStations(samples).sort((a, b) => (a.stationCode + a.reason < b.stationCode + b.reason ? -1 : 1));
  // tenant-sql: no session here (a device reporting); the tenant is the one the delivery named and was found live.
  await tx.query(
    `INSERT INTO "monitor_ingest_reject" AS r ("id", "tenant_id", "station_code", "reason", "hour", "rejected_count", "channel",
                                            "sample_element", "sample_time", "sample_value", "message")
     SELECT u.id, $1, u.station_code, u.reason, date_trunc('hour', LOCALTIMESTAMP(0)), u.count, $2, u.element, u.time, u.value, u.message
       FROM unnest($3::bigint[], $4::text[], $5::text[], $6::int[], $7::text[], $8::text[], $9::text[], $10::text[])
         AS u(id, station_code, reason, count, element, time, value, message)
     ON CONFLICT ("tenant_id", "station_code", "reason", "hour") WHERE "is_deleted" = 0 DO UPDATE SET
       "rejected_count" = r."rejected_count" + EXCLUDED."rejected_count",
       "channel" = EXCLUDED."channel",
       "sample_element" = EXCLUDED."sample_element",
       "sample_time" = EXCLUDED."sample_time",
       "sample_value" = EXCLUDED."sample_value",
       "message" = EXCLUDED."message",
       "update_time" = LOCALTIMESTAMP(0),
       "version" = r."version" + 1`,
    [
      tenantId,
      channel,
      sorted.map(() => nextId()),
      sorted.map((s) => storable(s.stationCode, 64)),
      sorted.map((s) => s.reason),
      sorted.map((s) => s.count),
      sorted.map((s) => cut(s.last.element, 16)),
      sorted.map((s) => cut(s.last.time, 32)),
      sorted.map((s) => cut(s.last.value, 64)),
      sorted.map((s) => storable(s.last.message, 500)),
    ],
  );
}
