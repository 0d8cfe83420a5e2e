/**
 * The start form's default values for the caller (contract 14 §5: each
 * field's x-default names a flow/formDefaultValue, resolved into "default"),
 * by the design side's resolveFormDefaults.
 */
import type { DbClient } from '../../db/pool.js';
import type { ActionContext } from '../../engine/actions.js';
import { resolveFormDefaults } from '../design/formDefaults.js';
import { txOf } from './actionInput.js';

export function resolveStartFormDefaults(ctx: ActionContext, content: Record<string, unknown>): Promise<Record<string, unknown>> {
  return resolveFormDefaults(ctx, txOf(ctx) as DbClient | undefined, content);
}
