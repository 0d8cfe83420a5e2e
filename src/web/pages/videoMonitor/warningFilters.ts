/**
 * The alarm list's search form as the page query of
 * GET /api/v2/inspect/cameraWarning/page: empty fields are left out, the
 * time range becomes alarmTime_datege / alarmTime_datele (whole days).
 */
import type { Dayjs } from 'dayjs';
import type { TreeNode } from '../../../shared/envelope';
import type { WarningQuery } from './videoMonitorApi';

export interface WarningFilterValues {
  reservoirId?: string;
  cameraId?: string;
  alarmType?: string | number;
  handleStatus?: string | number;
  range?: [Dayjs | null, Dayjs | null] | null;
}

export function warningQuery(values: WarningFilterValues): WarningQuery {
  const query: WarningQuery = {};
  if (values.reservoirId) query.reservoirId = values.reservoirId;
  if (values.cameraId) query.cameraId = values.cameraId;
  if (values.alarmType !== undefined && values.alarmType !== '') query.alarmType = String(values.alarmType);
  if (values.handleStatus !== undefined && values.handleStatus !== '') query.handleStatus = String(values.handleStatus);
  const [from, to] = values.range ?? [];
  if (from) query.alarmTime_datege = `${from.format('YYYY-MM-DD')} 00:00:00`;
  if (to) query.alarmTime_datele = `${to.format('YYYY-MM-DD')} 23:59:59`;
  return query;
}

export interface Option {
  value: string;
  label: string;
}

/** The reservoirs of the camera tree (those with cameras the user may see). */
export function reservoirOptions(tree: TreeNode[]): Option[] {
  return tree.map((node) => ({ value: node.id, label: node.title }));
}

/** The cameras of one reservoir, or of all when none is chosen. */
export function cameraOptions(tree: TreeNode[], reservoirId?: string): Option[] {
  return tree
    .filter((node) => !reservoirId || node.id === reservoirId)
    .flatMap((node) => (node.children ?? []).map((camera) => ({ value: camera.id, label: reservoirId ? camera.title : `${node.title} / ${camera.title}` })));
}

/** A default event title from the alarm: its type and what the AI saw. */
export function defaultEventTitle(typeLabel: string, description?: string | null): string {
  const title = description ? `${typeLabel}：${description}` : typeLabel;
  return title.slice(0, 100);
}
