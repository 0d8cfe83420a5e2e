/**
 * Event numbers: SJ + yyyyMMdd + a 4-digit sequence of the tenant's day
 * (SJ202611260001). Two reports of one tenant on one day take a transaction
 * lock on that (tenant, day) first, so the second reads the first's number
 * once the first commits and takes the next: numbers are unique without a
 * retry loop, and other tenants and days never wait.
 */
import type { DbClient } from '../../db/pool.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';
import { lockNames } from '../../db/transactionLocks.js';

const PREFIX = 'SJ';
const SEQUENCE_DIGITS = 4;

/** The database's calendar day (the clock createTime uses), as yyyyMMdd. */
async function today(tx: DbClient): Promise<string> {
  const result = await tx.query<{ day: string }>(`SELECT to_char(LOCALTIMESTAMP, 'YYYYMMDD') AS day`);
  return result.rows[0].day;
}

/** Holds until the transaction ends: the day's numbering of one tenant, one report at a time. */
async function lockDay(tx: DbClient, tenantId: string, day: string): Promise<void> {
  await lockNames(tx, [`inspect_event_no:${tenantId}:${day}`]);
}

/** The next free number of the caller's tenant today. Call inside the transaction that stores it. */
export async function nextEventNo(ctx: LocalContext, tx: DbClient): Promise<string> {
  const day = await today(tx);
  await lockDay(tx, ctx.caller.tenantId, day);
  const prefix = `${PREFIX}${day}`;
  const [last] = await localApi(ctx, tx)
    .tenantWide()
    .find('inspect/event', { where: { eventNo: { like: prefix } }, sort: ['eventNo desc'], limit: 1 });
  const lastSequence = last?.eventNo?.startsWith(prefix) ? Number(last.eventNo.slice(prefix.length)) : 0;
  return `${prefix}${String(lastSequence + 1).padStart(SEQUENCE_DIGITS, '0')}`;
}
