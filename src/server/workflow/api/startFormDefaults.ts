/**
 * The start form's default values for the caller (contract 14 §5: each
 * field's x-default names a flow/formDefaultValue, resolved into "default").
 * The resolution is the design side's (resolveFormDefaults of
 * src/server/workflow/design/formDefaults.ts); until it lands the form is
 * answered as stored — this is the one seam to switch.
 */
import type { ActionContext } from '../../engine/actions.js';

export async function resolveStartFormDefaults(_ctx: ActionContext, content: Record<string, unknown>): Promise<Record<string, unknown>> {
  return content;
}
