/**
 * One family's view of the readings register (monitor/reading, contract 13 §B):
 * the register binds list, detail, export and manual entry once per family
 * (`waterLevelList`, `rainfallSave` …, each seeing only its own elements), so
 * the family pages hand the generic CRUD controller and dialog a copy of the
 * client schema holding only that family's bindings under the names the
 * renderers look for (list, detail, save, update, remove, export) and the
 * family menu's button codes. The same table, paginator, form dialog and
 * delete confirmation then serve all five families; nothing else is copied.
 */
import type { ClientBinding, ClientSchema } from '../../../shared/clientSchema';
import type { OperationName } from '../../../shared/entitySchema';
import { familyInfo, type MonitorFamily } from '../../../shared/monitorElements';

export const READING_SCHEMA_ID = 'monitor/reading';

/** The renderers' binding name → the register's binding suffix and the operation the renderers read it as. */
const GENERIC_BINDINGS: readonly { name: string; suffix: string; op: OperationName }[] = [
  { name: 'list', suffix: 'List', op: 'list' },
  { name: 'detail', suffix: 'Detail', op: 'detail' },
  { name: 'save', suffix: 'Save', op: 'save' },
  { name: 'update', suffix: 'Update', op: 'update' },
  { name: 'remove', suffix: 'Remove', op: 'remove' },
  { name: 'export', suffix: 'Export', op: 'export' },
];

/** The family's report bindings by period (day / month / year and their exports). */
export type ReportPeriod = 'day' | 'month' | 'year';

export function reportBindings(schema: ClientSchema, family: MonitorFamily, period: ReportPeriod): { report?: ClientBinding; export?: ClientBinding } {
  const suffix = period[0].toUpperCase() + period.slice(1);
  return { report: schema['x-api'][`${family}${suffix}`], export: schema['x-api'][`${family}${suffix}Export`] };
}

export function familyBinding(schema: ClientSchema, family: MonitorFamily, suffix: string): ClientBinding | undefined {
  return schema['x-api'][`${family}${suffix}`];
}

/**
 * The register's schema as one family's page sees it: that family's bindings only (renamed), the family menu's
 * buttons, the element defaulting to the family's first and the value labelled with the family's unit.
 */
export function familySchema(schema: ClientSchema, family: MonitorFamily): ClientSchema {
  const info = familyInfo(family);
  const api: Record<string, ClientBinding> = {};
  for (const generic of GENERIC_BINDINGS) {
    const binding = schema['x-api'][`${family}${generic.suffix}`];
    if (binding) api[generic.name] = { ...binding, name: generic.name, op: generic.op, idParam: generic.op === 'remove' ? 'ids' : binding.idParam };
  }
  const element = schema.properties.element;
  const value = schema.properties.value;
  const unit = info.elements[0].unit;
  return {
    ...schema,
    'x-api': api,
    'x-permissions': {
      add: `${info.menu}_add`,
      edit: `${info.menu}_edit`,
      delete: `${info.menu}_delete`,
      view: `${info.menu}_view`,
      export: `${info.menu}_export`,
    },
    properties: {
      ...schema.properties,
      ...(element ? { element: { ...element, default: info.elements[0].key } } : {}),
      // The value's unit in its column and form label: 测值 (m), Value (mm).
      ...(value ? { value: { ...value, title: `${value.title} (${unit})`, 'x-en': `${value['x-en']} (${unit})` } } : {}),
    },
  };
}
