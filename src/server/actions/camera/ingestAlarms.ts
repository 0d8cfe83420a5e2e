/**
 * Storing a batch of platform alarms: every alarm is checked first (a bad
 * one refuses the batch, naming it, and nothing is stored), then the batch
 * is stored in one transaction. Idempotent per (tenant, alarmId): each
 * alarm id is locked (a transaction-scoped advisory lock, taken in sorted
 * order so two batches cannot deadlock) before it is looked up, so
 * concurrent deliveries of the same alarm store it once and the others
 * answer the stored row; the unique index on (tenant, alarmId) backs this.
 */
import type { DbClient, Db } from '../../db/pool.js';
import { isIdString } from '../../db/ids.js';
import { localApi, type LocalApi } from '../../engine/localApi.js';
import { ApiError, badRequest, type Language } from '../../http/apiError.js';
import type { CameraCamera } from '../../../shared/generated/entityTypes.js';
import { withTransaction } from '../../db/pool.js';
import { labelsOf, type AiLabel } from './aiPhotos.js';
import type { IngestAccount } from './ingestCredential.js';
import { lockNames } from '../../db/transactionLocks.js';

export const MAX_ALARMS_PER_BATCH = 100;
export const MAX_INGEST_BODY_BYTES = 256 * 1024;

const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/;
const DATETIME_INPUT = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/;

type Row = Record<string, unknown>;

export interface IncomingAlarm {
  alarmId: string;
  cameraId: string;
  alarmType: unknown;
  alarmTime: string;
  photoUrl?: string;
  confidence?: unknown;
  description?: unknown;
  annotatedUrl?: string;
  labels?: AiLabel[];
}

export interface IngestItem {
  alarmId: string;
  id: string;
  created: boolean;
}

export interface IngestAnswer {
  created: number;
  duplicates: number;
  items: IngestItem[];
}

function alarmError(index: number, alarmId: unknown, zh: string, en: string): ApiError {
  const name = typeof alarmId === 'string' && alarmId !== '' ? `（${alarmId.slice(0, 64)}）` : '';
  return badRequest(`第 ${index + 1} 条告警${name}：${zh}`, `Alarm ${index + 1}${name ? ` (${String(alarmId).slice(0, 64)})` : ''}: ${en}`, { index });
}

/** The alarms of a body {alarms: [...]}: a non-empty list of at most MAX_ALARMS_PER_BATCH objects. */
export function alarmsOf(body: unknown): Row[] {
  const alarms = body && typeof body === 'object' && !Array.isArray(body) ? (body as Row).alarms : undefined;
  if (!Array.isArray(alarms) || alarms.length === 0)
    throw badRequest('请求体应为 {alarms: [...]}，且至少包含一条告警', 'The body must be {alarms: [...]} with at least one alarm');
  if (alarms.length > MAX_ALARMS_PER_BATCH)
    throw badRequest(`一次最多上报 ${MAX_ALARMS_PER_BATCH} 条告警`, `At most ${MAX_ALARMS_PER_BATCH} alarms per request`);
  alarms.forEach((alarm, index) => {
    if (!alarm || typeof alarm !== 'object' || Array.isArray(alarm)) throw alarmError(index, undefined, '应为对象', 'must be an object');
  });
  return alarms as Row[];
}

function optionalUrl(value: unknown, index: number, alarmId: unknown, name: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > 1000 || !HTTP_URL.test(value)) {
    throw alarmError(index, alarmId, `${name} 应为 http(s) 地址（不超过 1000 个字符）`, `${name} must be an http(s) URL of at most 1000 characters`);
  }
  return value;
}

function alarmTimeOf(value: unknown, index: number, alarmId: unknown): string {
  const match = typeof value === 'string' ? DATETIME_INPUT.exec(value) : null;
  if (!match) throw alarmError(index, alarmId, 'alarmTime 应为 yyyy-MM-dd HH:mm:ss', 'alarmTime must be yyyy-MM-dd HH:mm:ss');
  return `${match[1]} ${match[2]}`;
}

/** The camera of an alarm: named by cameraId or deviceSerial, and on the posting account. */
function cameraOf(alarm: Row, index: number, cameras: CameraCamera[]): CameraCamera {
  const byId = alarm.cameraId !== undefined && alarm.cameraId !== null && alarm.cameraId !== '';
  const camera = byId
    ? cameras.find((c) => c.id === String(alarm.cameraId))
    : typeof alarm.deviceSerial === 'string' && alarm.deviceSerial !== ''
      ? cameras.find((c) => c.deviceSerial === alarm.deviceSerial)
      : undefined;
  if (!camera) {
    throw alarmError(
      index,
      alarm.alarmId,
      '摄像头不存在，或不属于该摄像头账号（请用 cameraId 或 deviceSerial 指明）',
      'no camera of this camera account has that cameraId or deviceSerial',
    );
  }
  return camera;
}

/** Checks one alarm's shape; the engine checks the rest (alarm type in the dictionary, lengths, confidence range) when storing. */
export function incomingAlarmOf(alarm: Row, index: number, cameras: CameraCamera[]): IncomingAlarm {
  const { alarmId } = alarm;
  if (typeof alarmId !== 'string' || alarmId === '' || alarmId.length > 64 || !/^[0-9A-Za-z_.:-]+$/.test(alarmId)) {
    throw alarmError(index, undefined, 'alarmId 应为 1–64 个字母、数字或 _ . : -', 'alarmId must be 1–64 letters, digits or _ . : -');
  }
  let labels: AiLabel[] | undefined;
  try {
    labels = labelsOf(alarm.labels);
  } catch (error) {
    if (error instanceof ApiError) throw alarmError(index, alarmId, error.text.zh, error.text.en);
    throw error;
  }
  return {
    alarmId,
    cameraId: cameraOf(alarm, index, cameras).id,
    alarmType: alarm.alarmType,
    alarmTime: alarmTimeOf(alarm.alarmTime, index, alarmId),
    photoUrl: optionalUrl(alarm.photoUrl, index, alarmId, 'photoUrl'),
    confidence: alarm.confidence,
    description: alarm.description,
    annotatedUrl: optionalUrl(alarm.annotatedUrl, index, alarmId, 'annotatedUrl'),
    labels,
  };
}

async function lockAlarmId(tx: DbClient, tenantId: string, alarmId: string): Promise<void> {
  await lockNames(tx, [`camera_warning:${tenantId}:${alarmId}`]);
}

/** The fields that were given (the engine reads a present undefined as a value to check). */
function given(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined));
}

/** Stores one alarm (and its annotated photo) unless the tenant has it already. */
async function storeAlarm(api: LocalApi, alarm: IncomingAlarm): Promise<IngestItem> {
  const existing = await api.findOne('camera/cameraWarning', { alarmId: alarm.alarmId });
  if (existing) return { alarmId: alarm.alarmId, id: existing.id, created: false };
  const { annotatedUrl, labels, ...fields } = alarm;
  const row = await api.create('camera/cameraWarning', given(fields) as never);
  if ((annotatedUrl || labels) && alarm.photoUrl) {
    await api.create('camera/aiPhoto', given({ originalUrl: alarm.photoUrl, annotatedUrl, labels: labels ?? [], warningId: row.id }) as never);
  }
  return { alarmId: alarm.alarmId, id: row.id, created: true };
}

function withAlarmName(error: unknown, index: number, alarmId: string): unknown {
  return error instanceof ApiError && error.status === 400 ? alarmError(index, alarmId, error.text.zh, error.text.en) : error;
}

/** Checks the whole batch, then stores it in one transaction; answers each alarm's row id in the order sent. */
export async function ingestAlarms(db: Db, account: IngestAccount, body: unknown, language: Language): Promise<IngestAnswer> {
  const raw = alarmsOf(body);
  const context = { db, caller: account.caller, language };
  const cameras = (
    await localApi(context)
      .tenantWide()
      .find('camera/camera', { where: { accountId: account.accountId } })
  ).filter((c) => isIdString(c.id));
  const alarms = raw.map((alarm, index) => incomingAlarmOf(alarm, index, cameras));
  const order = alarms
    .map((alarm, index) => ({ alarm, index }))
    .sort((a, b) => (a.alarm.alarmId < b.alarm.alarmId ? -1 : a.alarm.alarmId > b.alarm.alarmId ? 1 : 0));
  const items = await withTransaction(db, async (tx) => {
    const api = localApi(context, tx).tenantWide();
    const stored: IngestItem[] = new Array(alarms.length);
    for (const { alarm, index } of order) {
      await lockAlarmId(tx, account.caller.tenantId, alarm.alarmId);
      stored[index] = await storeAlarm(api, alarm).catch((error: unknown) => {
        throw withAlarmName(error, index, alarm.alarmId);
      });
    }
    return stored;
  });
  const created = items.filter((item) => item.created).length;
  return { created, duplicates: items.length - created, items };
}
