/**
 * The item-group editor's rules, without React or antd: where each kind's
 * endpoints and pages are, what a row of the item list is, which rows must
 * be created or updated before the group is saved with their ids, and how
 * the server's field errors land on the form.
 */
export type SetupKind = 'inspect' | 'maintain' | 'clean';

export interface KindConfig {
  kind: SetupKind;
  /** /api/v1/<kind> */
  api: string;
  /** The list page the editor returns to. */
  listPath: string;
  addPath: string;
  editPath: string;
  /** The group's type field and its dictionary (inspect_type, maintain_type); cleaning has none. */
  typeField?: { name: 'inspectType' | 'maintainType'; dict: string };
}

function configOf(kind: SetupKind, mgr: string, typeField?: KindConfig['typeField']): KindConfig {
  const base = `/${kind}/${mgr}`;
  return { kind, api: `/api/v1/${kind}`, listPath: `${base}/index`, addPath: `${base}/add-${kind}-items`, editPath: `${base}/edit-${kind}-items`, typeField };
}

export const KIND_CONFIG: Record<SetupKind, KindConfig> = {
  inspect: configOf('inspect', 'inspectMgr', { name: 'inspectType', dict: 'inspect_type' }),
  maintain: configOf('maintain', 'maintainMgr', { name: 'maintainType', dict: 'maintain_type' }),
  clean: configOf('clean', 'cleanMgr'),
};

/** The kind of an item-group register id (`inspect/itemGroup` …). */
export function kindOfSchema(schemaId: string): SetupKind | undefined {
  const kind = schemaId.split('/')[0];
  return kind in KIND_CONFIG ? (kind as SetupKind) : undefined;
}

/** The editor's address: add, or edit one group. */
export function editorPath(kind: SetupKind, groupId?: string): string {
  const config = KIND_CONFIG[kind];
  return groupId ? `${config.editPath}?groupId=${encodeURIComponent(groupId)}` : config.addPath;
}

/** One row of the item list: a catalogue item (id) or a new one to create. */
export interface ItemRow {
  id?: string;
  version?: number;
  damPart?: number;
  itemName?: string;
  content?: string;
  method?: string;
  needPhoto?: boolean;
}

export interface GroupValues {
  name?: string;
  inspectType?: number;
  maintainType?: number;
  damType?: number;
  reservoirIds?: string[];
  sort?: number;
  remark?: string;
  items?: ItemRow[];
}

/** A new group's form: no items yet, the kind's first type (日常巡查, 日常养护), every reservoir. */
export function newGroupValues(config: KindConfig): GroupValues {
  return { items: [], reservoirIds: [], sort: 0, ...(config.typeField ? { [config.typeField.name]: 1 } : {}) };
}

/** An item as the server answers it. */
export interface ItemRecord {
  id: string;
  version?: number;
  damPart?: number;
  itemName?: string;
  content?: string | null;
  method?: string | null;
  needPhoto?: number;
}

export function rowOf(item: ItemRecord): ItemRow {
  return {
    id: item.id,
    version: item.version,
    damPart: item.damPart,
    itemName: item.itemName,
    content: item.content ?? '',
    method: item.method ?? '',
    needPhoto: item.needPhoto === 1,
  };
}

/** The body of item/save or item/update for a row. */
export function itemBody(row: ItemRow): Record<string, unknown> {
  return {
    ...(row.id ? { id: row.id, version: row.version } : {}),
    damPart: row.damPart,
    itemName: row.itemName?.trim(),
    content: row.content ?? '',
    method: row.method ?? '',
    needPhoto: row.needPhoto ? 1 : 0,
  };
}

const EDITABLE: (keyof ItemRow)[] = ['damPart', 'itemName', 'content', 'method', 'needPhoto'];

/** A loaded row whose fields the user changed (a new row always needs saving). */
export function isRowChanged(row: ItemRow, original: ItemRow | undefined): boolean {
  if (!row.id || !original) return true;
  return EDITABLE.some((key) => (row[key] ?? '') !== (original[key] ?? ''));
}

export type RowWrite = { index: number; kind: 'save' | 'update'; row: ItemRow };

/** What must be written before the group: new rows saved, changed catalogue items updated. */
export function rowWrites(rows: ItemRow[], originals: ReadonlyMap<string, ItemRow>): RowWrite[] {
  return rows.flatMap((row, index): RowWrite[] => {
    if (!row.id) return [{ index, kind: 'save', row }];
    return isRowChanged(row, originals.get(row.id)) ? [{ index, kind: 'update', row }] : [];
  });
}

/** The body of itemGroup/save or itemGroup/update: the group's fields and its item ids in row order. */
export function groupBody(values: GroupValues, config: KindConfig, group?: { id: string; version?: number }): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: values.name?.trim(),
    damType: values.damType ?? null,
    reservoirIds: values.reservoirIds ?? [],
    sort: values.sort ?? 0,
    remark: values.remark ?? '',
    ids: (values.items ?? []).map((row) => row.id),
  };
  if (config.typeField) body[config.typeField.name] = values[config.typeField.name];
  if (group) Object.assign(body, { id: group.id, version: group.version });
  return body;
}

/** Same part and same name (ignoring spaces): the catalogue would refuse the second one. */
export function duplicateRowIndexes(rows: ItemRow[]): number[] {
  const seen = new Map<string, number>();
  const duplicates: number[] = [];
  rows.forEach((row, index) => {
    const name = row.itemName?.trim();
    if (!name || row.damPart === undefined) return;
    const key = `${row.damPart}:${name}`;
    if (seen.has(key)) duplicates.push(index);
    else seen.set(key, index);
  });
  return duplicates;
}

export interface FieldError {
  field: string;
  message: string;
}

/** The server's field errors of a 400, if it sent any. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  const body = (error as { body?: { data?: { errors?: unknown } } } | undefined)?.body;
  const errors = body?.data?.errors;
  return Array.isArray(errors) ? errors.filter((e): e is FieldError => typeof e?.field === 'string' && typeof e?.message === 'string') : [];
}
