/**
 * The steps of an event (dictionary event_action): the code each step is stored as in the event log, and the name
 * the code stands for. One list for the server (which writes the codes), the console and the tests (which read them).
 */
export const EVENT_ACTION = {
  report: 1,
  edit: 2,
  accept: 3,
  assign: 4,
  aiPhotoAssign: 5,
  aiCorrect: 6,
  sendBack: 7,
  discretion: 8,
  withdrawl: 9,
  process: 10,
  deptProcess: 11,
  chiefProcess: 12,
  audit: 13,
  chiefApprove: 14,
  chiefClose: 15,
} as const;
export type EventActionName = keyof typeof EVENT_ACTION;
export type EventActionCode = (typeof EVENT_ACTION)[EventActionName];

export function isEventAction(name: string): name is EventActionName {
  return Object.hasOwn(EVENT_ACTION, name);
}

const NAMES = new Map<number, EventActionName>(Object.entries(EVENT_ACTION).map(([name, code]) => [code, name as EventActionName]));

/** A log step's action by name (report, accept, assign …), whether stored as its code (1…15) or already as its name. */
export function eventActionName(action: unknown): string {
  return NAMES.get(Number(action)) ?? String(action ?? '');
}
