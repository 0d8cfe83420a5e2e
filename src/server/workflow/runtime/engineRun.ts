/**
 * One turn of bpmn-engine for one request: build an Engine from the definition (no scripts, our
 * condition evaluator, timers that are only recorded), start it or recover the saved state and resume,
 * let the caller act on the running execution (signal a user task, start a node again, discard one),
 * and answer what happened — the engine's events in order, the user-task waits, the BPMN timers still
 * pending, whether the process ended — with the new state to save.
 *
 * bpmn-engine runs synchronously between waits: when execute/resume and the act return, the engine
 * has settled (every remaining activity is a user-task wait or a timer, or it completed). Nothing is
 * kept between requests; the caller saves the state in its transaction.
 */
import { EventEmitter } from 'node:events';
import { Engine } from 'bpmn-engine';
import { badRequest } from '../../http/apiError.js';
import { evaluateCondition } from '../bpmn/conditions.js';
import type { ProcessDefinition } from './processDefinitions.js';
import type { Variables } from './runtimeTypes.js';

export interface EngineEvent {
  kind: 'start' | 'end' | 'wait' | 'take' | 'discard';
  id: string;
  type: string;
  name: string;
  executionId: string;
}

export interface PendingTimer {
  /** The timer event's id (an intermediate catch event or a boundary event). */
  activityId: string;
  expireAt: Date;
}

export interface EngineTurn {
  events: EngineEvent[];
  ended: boolean;
  /** The BPMN timers still waiting after the turn. */
  timers: PendingTimer[];
  /** The user tasks waiting after the turn (node ids). */
  waitingUserTasks: string[];
  state: unknown;
}

/** The running execution the caller acts on (bpmn-engine's Execution: signal, getPostponed, definitions). */
export interface EngineExecution {
  signal(message: { id: string; executionId?: string }): void;
  getPostponed(): { id: string; type: string; discard(): void; owner?: unknown }[];
  definitions: { getProcesses(): { getActivityById(id: string): { run(): void; id: string } | undefined }[] }[];
}

interface TimerRef {
  owner?: { id?: string; expireAt?: Date | string };
  delay: number;
}

/**
 * Timers the engine sets are recorded, never scheduled: the runtime stores them as flow/timer rows and
 * a scheduler resumes the instance when one is due — a resumed timer past its expiry fires at once.
 */
function recordingTimers() {
  const pending = new Set<TimerRef>();
  const add = (owner: TimerRef['owner'], delay: number) => {
    const ref: TimerRef = { owner, delay };
    pending.add(ref);
    return ref;
  };
  const clear = (ref: unknown) => {
    pending.delete(ref as TimerRef);
  };
  return {
    pending,
    /** What the engine clears when it completes. */
    get executing() {
      return [...pending];
    },
    setTimeout: (_callback: unknown, delay: number) => add(undefined, delay),
    clearTimeout: clear,
    register: (owner: TimerRef['owner']) => ({ setTimeout: (_callback: unknown, delay: number) => add(owner, delay), clearTimeout: clear }),
  };
}

/** No scripts, ever: a script condition or task finds no script (the parser refuses them before deploy). */
const noScripts = { register: () => undefined, getScript: () => undefined };

/**
 * Expressions resolve through the condition evaluator (contract 14 §4) over the variables of the turn;
 * text that is not one whole `${…}` (a timer's ISO duration) passes unchanged.
 */
function conditionExpressions(variables: () => Variables) {
  const whole = /^\s*\$\{[\s\S]*\}\s*$/;
  return {
    resolveExpression: (text: unknown) => (typeof text === 'string' && whole.test(text) ? evaluateCondition(text, variables()) : text),
    isExpression: (text: unknown) => typeof text === 'string' && whole.test(text),
    hasExpression: (text: unknown) => typeof text === 'string' && /\$\{[\s\S]*\}/.test(text),
  };
}

const RECORDED: [string, EngineEvent['kind']][] = [
  ['activity.start', 'start'],
  ['activity.end', 'end'],
  ['activity.wait', 'wait'],
  ['activity.discard', 'discard'],
  ['flow.take', 'take'],
];

interface ElementApi {
  id: string;
  type: string;
  name?: string;
  executionId?: string;
  content?: { name?: string; executionId?: string };
}

function eventListener(events: EngineEvent[], names: (id: string) => string): EventEmitter {
  const listener = new EventEmitter();
  for (const [eventName, kind] of RECORDED) {
    listener.on(eventName, (api: ElementApi) => {
      if (api.type === 'bpmn:Process') return;
      events.push({ kind, id: api.id, type: api.type, name: api.name ?? names(api.id), executionId: api.executionId ?? api.content?.executionId ?? '' });
    });
  }
  return listener;
}

/**
 * Runs one turn. `variables` is read whenever a condition is evaluated, so an act may change it
 * (completeTask sets `pass`) before it signals.
 */
export async function runEngineTurn(
  definition: ProcessDefinition,
  savedState: unknown,
  variables: () => Variables,
  act?: (execution: EngineExecution) => void,
): Promise<EngineTurn> {
  const timers = recordingTimers();
  const engine = new Engine({
    name: definition.deployment.processKey,
    moddleContext: definition.moddleContext as never,
    expressions: conditionExpressions(variables),
    // Our own no-op scripts and recording timers: shapes bpmn-elements checks at run time (register/getScript, register/setTimeout/clearTimeout).
    scripts: noScripts as never,
    timers: timers as never,
  });
  const events: EngineEvent[] = [];
  let ended = false;
  let failure: Error | undefined;
  engine.once('end', () => (ended = true));
  engine.on('error', (error: Error) => (failure ??= error));
  // Flows are named too (an unnamed one by nothing): the history lists what the model calls things.
  const names = (id: string) => definition.node(id)?.name ?? definition.summary.flows.find((flow) => flow.id === id)?.name ?? id;
  const listener = eventListener(events, (id) => definition.node(id)?.name ?? definition.summary.flows.find((flow) => flow.id === id)?.name ?? '');
  let execution: EngineExecution;
  try {
    if (savedState) {
      engine.recover(savedState as never);
      execution = (await engine.resume({ listener })) as unknown as EngineExecution;
    } else {
      execution = (await engine.execute({ listener })) as unknown as EngineExecution;
    }
    act?.(execution);
  } catch (error) {
    failure ??= error as Error;
  }
  if (failure) throw engineFailure(failure, names);
  const waitingUserTasks = ended
    ? []
    : execution!
        .getPostponed()
        .filter((api) => api.type === 'bpmn:UserTask')
        .map((api) => api.id);
  const state = ended ? null : await engine.getState();
  return { events, ended, timers: pendingTimers(timers.pending), waitingUserTasks, state };
}

function pendingTimers(pending: Set<TimerRef>): PendingTimer[] {
  const result: PendingTimer[] = [];
  for (const ref of pending) {
    if (!ref.owner?.id) continue;
    const expireAt = ref.owner.expireAt ? new Date(ref.owner.expireAt) : new Date(Date.now() + ref.delay);
    result.push({ activityId: ref.owner.id, expireAt });
  }
  return result;
}

/** An ApiError thrown inside the engine (a condition that does not evaluate) keeps its message; anything else names the engine. */
function engineFailure(error: Error, nodeName: (id: string) => string): Error {
  const inner = (error as { source?: unknown; inner?: unknown }).inner;
  if (inner instanceof Error && 'status' in inner) return inner;
  if ('status' in error) return error;
  const stuck = /<([^>]+)> no conditional flow taken/.exec(error.message);
  if (stuck)
    return badRequest(
      `节点「${nodeName(stuck[1])}」没有满足条件的连线，流程无法继续`,
      `No flow out of "${nodeName(stuck[1])}" meets its condition: the process cannot go on`,
    );
  return badRequest(`流程执行出错：${error.message.slice(0, 200)}`, `The process failed to run: ${error.message.slice(0, 200)}`);
}
