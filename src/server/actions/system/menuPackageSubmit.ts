/**
 * Submit of a menu package (tenant or department package): the menu list
 * arrives as the checked ids of the grant tree, an array or comma-joined, and
 * is stored comma-joined without repeats; the schema's pattern then checks it.
 * An id that is no menu (or no longer one) simply matches nothing, and a
 * department package is only ever applied inside the tenant's own package,
 * so neither can widen what anyone sees.
 */
import type { ChangeArgs } from '../../engine/hooks.js';
import { pickWritable } from '../../engine/validation.js';
import { joinedIds } from './actionParams.js';

/** beforeValidate of both package registers: the menu list as the stored comma list (picked as if it had been sent so). */
export function joinMenuIds({ model, operation, data, input }: ChangeArgs): void {
  if (!('menuId' in input)) return;
  delete data.menuId;
  Object.assign(data, pickWritable(model, { menuId: joinedIds(input.menuId) }, operation === 'create'));
}
