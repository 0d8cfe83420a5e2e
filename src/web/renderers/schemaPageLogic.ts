/**
 * The rules of a register's extra pages (x-page detail and form), pure: which
 * page the list's view, add and edit buttons open, the address of one
 * record's detail or edit page, the form mode a form page is in, where a
 * child list of a detail page comes from, and which values are pictures.
 * No React, no antd.
 */
import type { ClientBinding, ClientSchema } from '../../shared/clientSchema';
import type { DetailListSpec } from '../../shared/entitySchema';
import { entityPages, type EntityPage } from '../../shared/generated/pageRegistry';
import type { ParamValue } from '../api/request';
import type { EntityRecord } from './entityApi';
import type { FormMode } from './formRules';
import type { SchemaField } from './schemaFields';

/** The pages a schema declares (list path, detail, form), if it declares any. */
export function pageOfSchema(schemaId: string, pages: readonly EntityPage[] = entityPages): EntityPage | undefined {
  return pages.find((page) => page.schemaId === schemaId);
}

const withId = (path: string, id: unknown) => `${path}?id=${encodeURIComponent(String(id))}`;

export function detailPathOf(page: EntityPage | undefined, id: unknown): string | undefined {
  return page?.detail && id !== undefined && id !== null ? withId(page.detail.path, id) : undefined;
}

export function editPathOf(page: EntityPage | undefined, id: unknown): string | undefined {
  return page?.form && id !== undefined && id !== null ? withId(page.form.edit, id) : undefined;
}

/**
 * Where a list button goes instead of opening the dialog: view → the detail
 * page, add → the add form, edit → the edit form with ?id=. Undefined when
 * the schema declares no such page, or when the page fixes values the form
 * page cannot carry (a tree's add-child): the dialog serves those.
 */
export function pageTargetOf(page: EntityPage | undefined, mode: FormMode, record?: EntityRecord, hasFixedValues = false): string | undefined {
  if (!page || hasFixedValues) return undefined;
  if (mode === 'view') return detailPathOf(page, record?.id);
  if (mode === 'add') return page.form?.add;
  return editPathOf(page, record?.id);
}

/** A form page edits the record its ?id= names, else it adds one. */
export function formModeOf(id: string | null | undefined): Exclude<FormMode, 'view'> {
  return id ? 'edit' : 'add';
}

export interface ChildListRequest {
  url: string;
  params: Record<string, ParamValue>;
}

/**
 * The call a binding list of a detail page makes: the record's id goes into
 * the route's path parameter (`/trail/list/:recordId`), else into the query.
 */
export function childListRequestOf(binding: ClientBinding, param: string, recordId: string): ChildListRequest {
  const placeholder = `:${param}`;
  if (binding.url.includes(placeholder)) return { url: binding.url.replace(placeholder, encodeURIComponent(recordId)), params: {} };
  return { url: binding.url, params: { [param]: recordId } };
}

/** The rows of a field list: the detail answer's array, nothing when the answer has none. */
export function fieldRowsOf(record: EntityRecord, list: DetailListSpec): EntityRecord[] {
  const value = list.field === undefined ? undefined : record[list.field];
  return Array.isArray(value) ? value.filter((row): row is EntityRecord => !!row && typeof row === 'object') : [];
}

const URL_TEXT = /^(https?:\/\/|\/)[^\s,]+$/i;
const PICTURE_EXTENSION = /\.(png|jpe?g|gif|webp|bmp|svg)(\?[^\s]*)?$/i;

/** Whether a text is an address (http(s) or site-relative), not free text. */
export function isUrl(value: unknown): value is string {
  return typeof value === 'string' && URL_TEXT.test(value.trim());
}

/**
 * The pictures a value holds, shown as thumbnails: a list of addresses
 * (photos: attachment URLs, which need not end in a picture's extension), or
 * one address of a picture (a text field such as a dam's image). Anything
 * else — free text, a list holding a non-address, a link to a document —
 * gives none and is shown as text.
 */
export function pictureUrlsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.length > 0 && value.every(isUrl) ? value.map((url: string) => url.trim()) : [];
  return isUrl(value) && PICTURE_EXTENSION.test(value.trim()) ? [value.trim()] : [];
}

/**
 * The fields a detail page shows: every field the record holds — the form's,
 * the server-owned ones (audit status, counts) and those kept out of the
 * form (photos) — then when it was created and last changed.
 */
export function detailPageFields(schema: ClientSchema): SchemaField[] {
  const own = Object.entries(schema.properties)
    .filter(([, field]) => !field['x-base'])
    .map(([name, field]) => ({ name, schema: field }));
  const stamps = ['createTime', 'updateTime'].filter((name) => schema.properties[name]).map((name) => ({ name, schema: schema.properties[name] }));
  return [...own, ...stamps];
}
