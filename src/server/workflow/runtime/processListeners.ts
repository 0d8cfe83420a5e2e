/**
 * What a business register does when its process ends (contract 14 §3): the leave's status, for one.
 * Called by the runtime in the transaction of the action that ended the process, so the business row
 * and the instance change together or not at all.
 */
import type { InstanceRow, RuntimeContext, Tx } from './runtimeTypes.js';

/** pass / reject: the process reached an end (the last `pass`); terminated / withdrawn: it was stopped. */
export type ProcessOutcome = 'pass' | 'reject' | 'terminated' | 'withdrawn';

export interface ProcessListener {
  onEnd(ctx: RuntimeContext, tx: Tx, instance: InstanceRow, outcome: ProcessOutcome): Promise<void>;
}

const listeners = new Map<string, ProcessListener>();

/** Registers the listener of a business register (its schema id, e.g. work/leave); one per register. */
export function defineProcessListener(businessTable: string, listener: ProcessListener): void {
  listeners.set(businessTable, listener);
}

export async function notifyProcessEnd(ctx: RuntimeContext, tx: Tx, instance: InstanceRow, outcome: ProcessOutcome): Promise<void> {
  const listener = instance.businessTable ? listeners.get(instance.businessTable) : undefined;
  if (listener) await listener.onEnd(ctx, tx, instance, outcome);
}
