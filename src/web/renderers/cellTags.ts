/**
 * How a list cell stands out, pure: a state (the register's x-states field)
 * and a grade (隐患等级) read as coloured tags — 重大隐患 red, 已完成 green —
 * and a deadline that has passed while the row is not finished reads red
 * (超期). A row is finished in a state no transition starts from.
 */
import type { ClientSchema } from '../../shared/clientSchema';
import type { EntityRecord } from './entityApi';
import type { SchemaField } from './schemaFields';

/** antd Tag colours by dictionary and key; a state dictionary not named here gets the palette by its entries' order. */
const TAG_COLOURS: Record<string, Record<string, string>> = {
  event_status: { '1': 'orange', '2': 'processing', '3': 'purple', '4': 'success', '5': 'error', '6': 'default' },
  event_level: { '1': 'gold', '2': 'red', '3': 'default' },
};
const STATE_PALETTE = ['orange', 'processing', 'purple', 'success', 'error', 'default'];

export type CellLook = { kind: 'tag'; colour: string } | { kind: 'overdue' } | { kind: 'plain' };

/** The fields holding a deadline: a date named …deadline. */
export function isDeadline(field: SchemaField): boolean {
  return /deadline$/i.test(field.name) && (field.schema.format === 'date' || field.schema.format === 'datetime');
}

/** States no transition starts from: the row's work is over (已完成, 已退回, 已撤回). */
export function finalStates(schema: ClientSchema | undefined): Set<string> | undefined {
  const machine = schema?.['x-states'];
  if (!machine) return undefined;
  const starts = new Set(machine.transitions.flatMap((transition) => transition.from.map(String)));
  const all = new Set(machine.transitions.flatMap((transition) => [...transition.from, ...transition.to].map(String)));
  return new Set([...all].filter((state) => !starts.has(state)));
}

/** Whether a deadline has passed (before today) while the row is still open. */
export function isOverdue(value: unknown, record: EntityRecord, schema: ClientSchema | undefined, today: string): boolean {
  if (typeof value !== 'string' || value.length < 10) return false;
  const machine = schema?.['x-states'];
  const finals = finalStates(schema);
  if (machine && finals?.has(String(record[machine.field]))) return false;
  return value.slice(0, 10) < today;
}

/** How one cell of a listed field looks. `keys` are the dictionary's keys in order (the state palette). */
export function cellLook(
  field: SchemaField,
  value: unknown,
  record: EntityRecord,
  schema: ClientSchema | undefined,
  today: string,
  keys: readonly string[] = [],
): CellLook {
  if (isDeadline(field)) return isOverdue(value, record, schema, today) ? { kind: 'overdue' } : { kind: 'plain' };
  const code = field.schema['x-dict'];
  if (!code || value === undefined || value === null || value === '') return { kind: 'plain' };
  const named = TAG_COLOURS[code]?.[String(value)];
  if (named) return { kind: 'tag', colour: named };
  if (schema?.['x-states']?.field === field.name) {
    const index = keys.indexOf(String(value));
    return { kind: 'tag', colour: STATE_PALETTE[index >= 0 ? index % STATE_PALETTE.length : STATE_PALETTE.length - 1] };
  }
  return { kind: 'plain' };
}
