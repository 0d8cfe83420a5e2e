/**
 * Demo events (issue 12 §6), per demo tenant: events in every state (1–6),
 * made as the demo users make them — reported through the local API and
 * moved by the event's real transitions (localApi.transition, with the
 * buttons, guards and hooks of the endpoints) — so their numbers, logs and
 * inbox messages are the real ones. Some are raised from the tenant's most
 * recent abnormal inspection items by the record rule itself
 * (raiseEventsOfRecord), some are reported by hand (a river chief's patrol,
 * a superior's order, public reports for /province/detail), and in a tenant
 * with demo camera alarms some are turned from those alarms (aiPhotoAssign).
 * One or two are overdue (their deadline is past). Idempotent: a tenant that
 * has events already gets none.
 */
// The event register's hooks (number, log, notices) must be installed when the seed reports events.
import '../actions/inspect/eventRules.js';
import { raiseEventsOfRecord } from '../actions/inspect/recordEvents.js';
import type { StoredItem } from '../actions/inspect/recordItems.js';
import { findUserByAccount } from '../auth/sessionUser.js';
import type { DbClient } from '../db/pool.js';
import { entityModel } from '../engine/entityRegistry.js';
import { localApi } from '../engine/localApi.js';
import { quoteIdent } from '../engine/naming.js';
import { actorOf } from '../engine/operations/context.js';
import { buildUpdate } from '../engine/sqlBuilder.js';
import type { Caller } from '../http/caller.js';
import { seedAiEvents } from './demoAiEvents.js';
import { INSPECTION_SCRIPTS, REPORTS, type DemoAccount } from './demoEventsData.js';
import { backdateEvents, raisedFromSources, type RaisedAt } from './eventBackdating.js';
import { databaseToday } from '../db/databaseClock.js';
import { addDays } from '../actions/inspect/plannedInspections.js';
import { DEMO_PHOTOS } from './demoPhotos.js';
import { contextOf, runScript, type DemoPeople } from './demoSteps.js';

const ACCOUNTS: DemoAccount[] = ['farm_admin', 'subject_admin', 'river_chief', 'inspector'];
const EVENT = 'inspect/event';

async function peopleOf(tx: DbClient, tenantId: string): Promise<DemoPeople | undefined> {
  const people: Partial<DemoPeople> = {};
  for (const account of ACCOUNTS) {
    const user = await findUserByAccount(tx, tenantId, account);
    if (!user) return undefined;
    people[account] = { tenantId, userId: user.id, deptId: user.deptId, roleIds: user.roleIds, account, clientId: 'saber' };
  }
  return people as DemoPeople;
}

async function hasEvents(tx: DbClient, tenantId: string): Promise<boolean> {
  // tenant-sql: the seed asks whether the tenant has any event at all, removed ones included.
  const found = await tx.query(`SELECT 1 FROM ${quoteIdent(entityModel(EVENT).table)} WHERE tenant_id = $1 LIMIT 1`, [tenantId]);
  return (found.rowCount ?? 0) > 0;
}

/**
 * The tenant's most recent abnormal inspection items that raised no event yet, given a before-photo, raised by the
 * record rule as the inspector who recorded them; answers the events in the items' order.
 */
async function raiseFromInspections(tx: DbClient, inspector: Caller, count: number): Promise<string[]> {
  const api = localApi(contextOf(tx, inspector), tx).tenantWide();
  const items = await api.find('inspect/recordItem', { where: { result: 2, eventId: null }, sort: ['createTime desc', 'id desc'], limit: count });
  const model = entityModel('inspect/recordItem');
  const raised: string[] = [];
  for (const [index, item] of items.entries()) {
    const record = await api.findById('inspect/record', String(item.recordId));
    if (!record) continue;
    const photos = [DEMO_PHOTOS.before[index % DEMO_PHOTOS.before.length]];
    const update = buildUpdate(model, { tenantId: inspector.tenantId }, actorOf(inspector), String(item.id), { photos });
    await tx.query(update.text, update.values);
    const stored: StoredItem = {
      id: String(item.id),
      itemId: item.itemId ? String(item.itemId) : null,
      itemName: String(item.itemName),
      damPart: item.damPart ? String(item.damPart) : null,
      result: 2,
      description: item.description ? String(item.description) : null,
      photos,
      eventType: null,
      eventId: null,
    };
    raised.push(...(await raiseEventsOfRecord(contextOf(tx, inspector), tx, record as unknown as Record<string, unknown>, [stored])));
  }
  return raised;
}

/** The tenant's reservoirs in their order (the reports go round them). */
async function reservoirsOf(tx: DbClient, caller: Caller): Promise<{ id: string; name: string }[]> {
  const found = await localApi(contextOf(tx, caller), tx)
    .tenantWide()
    .find('reservoir/reservoir', { sort: ['code asc'], limit: 20 });
  return found.map((row) => ({ id: String(row.id), name: String(row.name) }));
}

/** How many days ago each hand report was made (by its place in REPORTS), so open events spread over the age buckets. */
const REPORT_DAYS_AGO = [1, 4, 12, 2, 20, 9, 35];

async function reportByHand(tx: DbClient, people: DemoPeople): Promise<RaisedAt[]> {
  const reservoirs = await reservoirsOf(tx, people.farm_admin);
  if (reservoirs.length === 0) return [];
  const today = await databaseToday(tx);
  const raised: RaisedAt[] = [];
  for (const [index, report] of REPORTS.entries()) {
    const reservoir = reservoirs[index % reservoirs.length];
    const reporter = people[report.reporter];
    const data = {
      title: `${reservoir.name}${report.title}`.slice(0, 100),
      reservoirId: reservoir.id,
      source: report.source,
      eventType: report.eventType,
      level: report.level,
      damPart: report.damPart,
      description: report.description,
      location: report.location,
      reporterPhone: report.reporterPhone,
      photos: [DEMO_PHOTOS.before[index % DEMO_PHOTOS.before.length]],
    };
    // Fields a report leaves out are not sent (as a form leaves them out), not sent empty.
    const event = await localApi(contextOf(tx, reporter), tx).create(
      EVENT,
      Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined)) as typeof data,
    );
    await runScript(tx, people, reporter, String(event.id), report.script);
    raised.push({ eventId: String(event.id), raisedAt: `${addDays(today, -REPORT_DAYS_AGO[index % REPORT_DAYS_AGO.length])} 09:30:00` });
  }
  return raised;
}

async function seedTenantEvents(tx: DbClient, tenantId: string): Promise<void> {
  const people = await peopleOf(tx, tenantId);
  if (!people || (await hasEvents(tx, tenantId))) return;
  const raised = await raiseFromInspections(tx, people.inspector, INSPECTION_SCRIPTS.length);
  for (const [index, eventId] of raised.entries()) await runScript(tx, people, people.inspector, eventId, INSPECTION_SCRIPTS[index]);
  const byHand = await reportByHand(tx, people);
  await seedAiEvents(tx, people);
  // Every event dated to what raised it (see eventBackdating.ts), once the engine has written them all.
  await backdateEvents(tx, [...(await raisedFromSources(tx, tenantId)), ...byHand]);
}

/**
 * The grant tables were filled moments ago in this transaction, before autovacuum could gather their statistics:
 * without them the permission check every step makes (hasButton, a prepared statement) is planned blind and took
 * ~150 ms a call here — 13 s for the demo events on a busy machine, 2.7 s with the statistics.
 */
const PERMISSION_TABLES = ['blade_role_menu', 'blade_menu', 'blade_user', 'blade_role', 'blade_tenant', 'blade_dept'];

export async function seedDemoEvents(tx: DbClient, tenantIds: string[]): Promise<void> {
  await tx.query(`ANALYZE ${PERMISSION_TABLES.join(', ')}`);
  for (const tenantId of tenantIds) await seedTenantEvents(tx, tenantId);
}
