/**
 * POST /api/v1/info/station/deviceKey {id}: a new device key for a station
 * (button station_edit). The server generates it (32 random characters),
 * stores it sealed (info/station.deviceKey is x-encrypted and never read
 * back) and answers it once (shownOnce); the old key stops working at once.
 * The device sends it with its readings (src/server/monitor/ingest.ts).
 */
import crypto from 'node:crypto';
import type { ShownOnceAnswer } from '../../../shared/shownOnce.js';
import type { DbClient } from '../../db/pool.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { requireId } from '../../engine/operations/readOperations.js';
import { notFound } from '../../http/apiError.js';

/** 24 random bytes, base64url: 32 characters. */
export function newDeviceKey(): string {
  return crypto.randomBytes(24).toString('base64url');
}

async function deviceKey(ctx: ActionContext) {
  const body = ctx.body && typeof ctx.body === 'object' ? (ctx.body as Record<string, unknown>) : {};
  const id = requireId(body.id ?? ctx.query.id);
  const tx = ctx.tx as DbClient;
  const api = localApi(ctx, tx);
  const [station] = await api.find('info/station', { where: { id }, forUpdate: true });
  if (!station) throw notFound('测站不存在或已被删除', 'The station does not exist or was deleted');
  const key = newDeviceKey();
  const issued = (await tx.query<{ now: string }>('SELECT LOCALTIMESTAMP(0) AS "now"')).rows[0].now;
  await api.update('info/station', id, { deviceKey: key, deviceKeyTime: issued });
  const shownOnce: ShownOnceAnswer['shownOnce'] = [
    { key: 'stationCode', label: '测站编码', labelEn: 'Station code', value: station.stationCode, secret: false },
    { key: 'deviceKey', label: '设备密钥', labelEn: 'Device key', value: key, secret: true },
  ];
  return { id, stationCode: station.stationCode, deviceKeyTime: issued, deviceKey: key, shownOnce };
}

defineActions('info/station', { deviceKey });
