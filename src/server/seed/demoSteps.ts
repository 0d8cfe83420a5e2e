/**
 * Running a demo event's script (demoEventsData.ts): each step is taken by
 * its demo account through the event register's transition, with the same
 * button check, guards and hooks as its endpoint, inside the seed's
 * transaction.
 */
import type { Db, DbClient } from '../db/pool.js';
import { localApi, type LocalContext } from '../engine/localApi.js';
import type { Caller } from '../http/caller.js';
import type { DemoAccount, DemoScript, DemoStep } from './demoEventsData.js';
import { DEMO_PHOTOS } from './demoPhotos.js';

const EVENT = 'inspect/event';

export type DemoPeople = Record<DemoAccount, Caller>;

/** A local context acting as a demo user inside the seed's transaction (reads and hooks see the seed's own rows). */
export function contextOf(tx: DbClient, caller: Caller): LocalContext {
  return { db: tx as unknown as Db, caller, language: 'zh' };
}

/** A date as days from today in the database's zone (yyyy-MM-dd). */
export async function dateFromToday(tx: DbClient, days: number): Promise<string> {
  return (await tx.query<{ d: string }>('SELECT (CURRENT_DATE + $1::int)::text AS d', [days])).rows[0].d;
}

/** One step of a script, as its account takes it. */
async function runStep(tx: DbClient, people: DemoPeople, reporter: Caller, eventId: string, step: DemoStep): Promise<void> {
  const caller = step.as === 'reporter' ? reporter : people[step.as];
  const input: Record<string, unknown> = { ...step.input };
  if (step.handler) input.handlerId = people[step.handler].userId;
  if (step.deadlineDays !== undefined) input.deadline = await dateFromToday(tx, step.deadlineDays);
  if (step.afterPhoto !== undefined) input.afterPhotos = [DEMO_PHOTOS.after[step.afterPhoto % DEMO_PHOTOS.after.length]];
  await localApi(contextOf(tx, caller), tx).transition(EVENT, step.transition, [eventId], input);
}

export async function runScript(tx: DbClient, people: DemoPeople, reporter: Caller, eventId: string, script: DemoScript): Promise<void> {
  for (const step of script.steps) await runStep(tx, people, reporter, eventId, step);
}
