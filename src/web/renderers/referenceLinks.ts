/**
 * Where a reference cell leads: the referenced register's detail page (x-page.detail) opened on that row — an
 * inspection item's event, an event's record — when the signed-in user's menus grant the page. Pure.
 */
import type { ClientFieldSchema } from '../../shared/clientSchema';
import { entityPages } from '../../shared/generated/pageRegistry';

const ROW_ID = /^[1-9][0-9]{0,18}$/;

export function referenceDetailPath(field: ClientFieldSchema, value: unknown, isGranted: (path: string) => boolean): string | undefined {
  const target = field['x-ref'];
  // One row by its id: a list of ids, or a reference matched by another key (regions by code), leads nowhere.
  if (!target || field.type === 'array' || field['x-ref-by'] || (field['x-ref-key'] ?? 'id') !== 'id') return undefined;
  const id = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  if (!ROW_ID.test(id)) return undefined;
  const detail = entityPages.find((page) => page.schemaId === target)?.detail;
  if (!detail || !isGranted(detail.path)) return undefined;
  return `${detail.path}?id=${encodeURIComponent(id)}`;
}
