/**
 * Reading and writing the parts of an instance row the local API does not carry as they are: the
 * variables (a JSON object stored as text) and the engine state (x-secret: never selected by the
 * engine's reads, so read here through scopedQuery — the instance's tenant scope applied).
 */
import { scopedQuery } from '../../engine/scopedQuery.js';
import type { InstanceRow, RuntimeContext, Tx, Variables } from './runtimeTypes.js';

/** The process variables of an instance (an empty object when none or unreadable). */
export function instanceVariables(instance: Pick<InstanceRow, 'variables'> | undefined): Variables {
  const text = instance?.variables;
  if (typeof text !== 'string' || text === '') return {};
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Variables) : {};
  } catch {
    return {};
  }
}

/** The engine state saved with the instance, or null (a finished instance keeps none). */
export async function readEngineState(ctx: RuntimeContext, tx: Tx, instanceId: string): Promise<unknown> {
  const q = scopedQuery(ctx, tx);
  const i = await q.from('flow/processInstance', 'i', 'tenant');
  const [row] = await q.rows<{ state: string | null }>(
    `SELECT ${i.col('engineState')} AS "state" FROM ${i.table} WHERE ${i.scope} AND ${i.col('id')} = ${q.param(instanceId)}::bigint`,
  );
  return row?.state ? (JSON.parse(row.state) as unknown) : null;
}
