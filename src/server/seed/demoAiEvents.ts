/**
 * Demo events turned from camera AI alarms: the demo alarms the camera alarm
 * seed set aside for it (demoAlarmsToTurnIntoEvents) are assigned as events by the
 * subject administrator through the event register's own aiPhotoAssign (the
 * same code as POST /api/v2/inspect/event/aiPhotoAssign: event of source 2
 * with the alarm's photo, assign, alarm marked 已转事件), then moved on by
 * the AI scripts (one handled, one corrected as a false alarm). A tenant
 * without demo alarms gets none.
 */
import type { DbClient } from '../db/pool.js';
import type { ActionContext } from '../engine/actions.js';
import { entityModel } from '../engine/entityRegistry.js';
import type { Caller } from '../http/caller.js';
import { aiPhotoAssign } from '../actions/inspect/eventAiAssign.js';
import { demoAlarmsToTurnIntoEvents } from './demoAlarms.js';
import { AI_SCRIPTS, EVENT_TYPE_OF_ALARM } from './demoEventsData.js';
import { contextOf, dateFromToday, runScript, type DemoPeople } from './demoSteps.js';

const EVENT = 'inspect/event';
const OTHER_TYPE = 99;

/** aiPhotoAssign's action context for a call the seed makes as a demo user (no HTTP request behind it). */
function actionContextOf(tx: DbClient, caller: Caller, body: Record<string, unknown>): ActionContext {
  const model = entityModel(EVENT);
  const binding = model.bindings.find((b) => b.name === 'aiPhotoAssignV2') ?? model.bindings.find((b) => b.name === 'aiPhotoAssign');
  return { ...contextOf(tx, caller), scope: { tenantId: caller.tenantId }, model, binding, tx, query: {}, body } as unknown as ActionContext;
}

export async function seedAiEvents(tx: DbClient, people: DemoPeople): Promise<void> {
  const assigner = people.subject_admin;
  const alarms = (await demoAlarmsToTurnIntoEvents(tx, assigner.tenantId)).slice(0, AI_SCRIPTS.length);
  for (const [index, alarm] of alarms.entries()) {
    const body = {
      warningId: alarm.id,
      handlerId: people.inspector.userId,
      deadline: await dateFromToday(tx, 3),
      eventType: EVENT_TYPE_OF_ALARM[alarm.alarmType] ?? OTHER_TYPE,
      level: 1,
      title: `AI告警：${alarm.description ?? alarm.alarmId}`.slice(0, 100),
      opinion: '请到现场核实告警内容并处置',
    };
    const event = await aiPhotoAssign(actionContextOf(tx, assigner, body));
    await runScript(tx, people, assigner, String(event.id), AI_SCRIPTS[index]);
  }
}
