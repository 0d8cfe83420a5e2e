/**
 * Demo events are raised through the engine at seed time, so their createTime (and their log's times) is the
 * moment of seeding. The figures count an event's age from its createTime (open events by age, 安全运行天数), so
 * the demo moves each event back to when it was raised: the inspection record, camera alarm or patrol that raised
 * it, or the day a hand report is set on. Demo data only; the event, its dates and its log move by the same shift,
 * so the order of what happened stays as the engine wrote it.
 */
import type { DbClient } from '../db/pool.js';

export interface RaisedAt {
  eventId: string;
  /** yyyy-MM-dd HH:mm:ss, local (as the registers store times). */
  raisedAt: string;
}

/** Moves the events (and their logs) so that each was created at its `raisedAt`. */
export async function backdateEvents(tx: DbClient, events: readonly RaisedAt[]): Promise<void> {
  if (events.length === 0) return;
  const ids = events.map((event) => event.eventId);
  const times = events.map((event) => event.raisedAt);
  // The shift of each event: how long after it was raised the seed created it (never forward in time).
  const shift = `SELECT e.id, GREATEST(e.create_time - s.raised_at, interval '0') AS d
                   FROM inspect_event e JOIN unnest($1::bigint[], $2::timestamp[]) AS s(id, raised_at) ON s.id = e.id`;
  await tx.query(
    `UPDATE inspect_event_log l SET create_time = l.create_time - s.d, update_time = l.update_time - s.d
       FROM (${shift}) s WHERE l.event_id = s.id`,
    [ids, times],
  );
  await tx.query(
    `UPDATE inspect_event e SET create_time = e.create_time - s.d, update_time = e.update_time - s.d,
            accept_time = e.accept_time - s.d, finish_time = e.finish_time - s.d, deadline = (e.deadline - s.d)::date
       FROM (${shift}) s WHERE e.id = s.id`,
    [ids, times],
  );
}

/** The events of a tenant raised from an inspection record or a camera alarm, with when those happened. */
export async function raisedFromSources(tx: DbClient, tenantId: string): Promise<RaisedAt[]> {
  const result = await tx.query<RaisedAt>(
    `SELECT e.id::text AS "eventId", to_char(COALESCE(r.start_time, w.alarm_time), 'YYYY-MM-DD HH24:MI:SS') AS "raisedAt"
       FROM inspect_event e
       LEFT JOIN inspect_record r ON r.id = e.record_id
       LEFT JOIN camera_warning w ON w.id = e.camera_warning_id
      WHERE e.tenant_id = $1 AND e.is_deleted = 0 AND COALESCE(r.start_time, w.alarm_time) IS NOT NULL`,
    [tenantId],
  );
  return result.rows;
}
