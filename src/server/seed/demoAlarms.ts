/**
 * Demo AI alarms on 安溪县's demo cameras (seeded by cameras.ts), each with its
 * photo and the AI-annotated photo (boxes and labels) the package ships: some
 * left 未处理, one marked 误报, and the ones meant to become events left
 * unhandled for the demo events seed, which turns them into events through
 * the event register's aiPhotoAssign (demoAlarmsToTurnIntoEvents lists them).
 * Alarm times are hours before the seed ran, so the list looks current.
 * Looked up by alarm id: seeding twice changes nothing.
 */
import { nextId } from '../db/ids.js';
import type { DbClient } from '../db/pool.js';
import { DEMO_ALARMS, demoAnnotatedUrl, demoPhotoUrl, type DemoAlarm } from './demoAlarmsData.js';
import { insertRows } from './insertRows.js';

const TENANT = '100001';
const BASE = ['id', 'tenant_id', 'create_user', 'create_dept', 'update_user'];
/** camera_warning_status */
const UNHANDLED = 0;
const IGNORED = 2;

interface Owner {
  userId: string;
  deptId: string | null;
}

async function ownerOf(db: DbClient): Promise<Owner | undefined> {
  const found = await db.query<{ user_id: string | null; dept_id: string | null }>(
    `SELECT (SELECT id::text FROM blade_user WHERE tenant_id = $1 AND account = 'admin' AND is_deleted = 0 LIMIT 1) AS user_id,
            (SELECT id::text FROM blade_dept WHERE tenant_id = $1 AND parent_id = 0 AND is_deleted = 0 ORDER BY sort, id LIMIT 1) AS dept_id`,
    [TENANT],
  );
  const { user_id: userId, dept_id: deptId } = found.rows[0];
  return userId ? { userId, deptId } : undefined;
}

/** 'YYYY-MM-DD HH:mm:ss' the given hours before the database's local now. */
async function hoursBefore(db: DbClient, hours: number[]): Promise<string[]> {
  const found = await db.query<{ at: string }>(
    `SELECT to_char(LOCALTIMESTAMP(0) - make_interval(hours => h), 'YYYY-MM-DD HH24:MI:SS') AS at FROM unnest($1::int[]) WITH ORDINALITY AS u(h, n) ORDER BY n`,
    [hours],
  );
  return found.rows.map((row) => row.at);
}

function labelsOf(alarm: DemoAlarm): string {
  return JSON.stringify([{ label: alarm.label, confidence: alarm.confidence, box: alarm.box }]);
}

export async function seedDemoAlarms(db: DbClient): Promise<void> {
  const owner = await ownerOf(db);
  if (!owner) return;
  const cameras = await db.query<{ id: string; name: string; reservoir_id: string }>(
    'SELECT id::text AS id, name, reservoir_id::text AS reservoir_id FROM sk_camera WHERE tenant_id = $1 AND is_deleted = 0 AND name = ANY($2::text[])',
    [TENANT, [...new Set(DEMO_ALARMS.map((a) => a.camera))]],
  );
  const present = await db.query<{ alarm_id: string }>('SELECT alarm_id FROM camera_warning WHERE tenant_id = $1 AND is_deleted = 0', [TENANT]);
  const done = new Set(present.rows.map((row) => row.alarm_id));
  const todo = DEMO_ALARMS.filter((alarm) => !done.has(alarm.alarmId) && cameras.rows.some((c) => c.name === alarm.camera));
  if (todo.length === 0) return;
  const times = await hoursBefore(
    db,
    todo.map((a) => a.hoursAgo),
  );
  const warnings: unknown[][] = [];
  const photos: unknown[][] = [];
  todo.forEach((alarm, index) => {
    const camera = cameras.rows.find((c) => c.name === alarm.camera)!;
    const id = nextId();
    const ignored = alarm.outcome === 'ignored';
    const stamp = [TENANT, owner.userId, owner.deptId, owner.userId];
    warnings.push([
      id,
      ...stamp,
      camera.id,
      camera.reservoir_id,
      alarm.alarmId,
      alarm.alarmType,
      times[index],
      demoPhotoUrl(alarm),
      alarm.confidence,
      alarm.description,
      ignored ? IGNORED : UNHANDLED,
      ignored ? (alarm.opinion ?? null) : null,
    ]);
    photos.push([nextId(), ...stamp, demoPhotoUrl(alarm), demoAnnotatedUrl(alarm), id, labelsOf(alarm), alarm.confidence]);
  });
  await insertRows(
    db,
    'camera_warning',
    [...BASE, 'camera_id', 'reservoir_id', 'alarm_id', 'alarm_type', 'alarm_time', 'photo_url', 'confidence', 'description', 'handle_status', 'handle_opinion'],
    warnings,
  );
  await insertRows(db, 'camera_ai_photo', [...BASE, 'original_url', 'annotated_url', 'warning_id', 'labels', 'confidence'], photos);
}

/**
 * The demo alarms the demo events seed turns into events (outcome toEvent), oldest first, while still unhandled:
 * {id, alarmId, alarmType, cameraId, reservoirId, description} of the tenant's rows.
 */
export async function demoAlarmsToTurnIntoEvents(
  db: DbClient,
  tenantId: string,
): Promise<{ id: string; alarmId: string; alarmType: number; cameraId: string; reservoirId: string; description: string | null }[]> {
  const wanted = DEMO_ALARMS.filter((alarm) => alarm.outcome === 'toEvent').map((alarm) => alarm.alarmId);
  const found = await db.query(
    `SELECT id::text AS "id", alarm_id AS "alarmId", alarm_type AS "alarmType", camera_id::text AS "cameraId", reservoir_id::text AS "reservoirId", description
       FROM camera_warning WHERE tenant_id = $1 AND is_deleted = 0 AND handle_status = $2 AND alarm_id = ANY($3::text[]) ORDER BY alarm_time, id`,
    [tenantId, UNHANDLED, wanted],
  );
  return found.rows;
}
