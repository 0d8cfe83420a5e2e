/** The dashboard's three figures (schemas/inspect/plan.json, /api/v2/screen/dashboard/*). */
import type { Envelope } from '../../../shared/envelope';
import { request } from '../../api/http';

export interface InspectionWeeks {
  weeks: { weekStart: string; planned: number; done: number }[];
  planned: number;
  done: number;
  rate: number | null;
}

export interface OpenEvents {
  buckets: { bucket: string; status: number; statusLabel: string; count: number }[];
  total: number;
  olderThanWeek: number;
  overdue: number;
}

export interface WeekWarnings {
  weekStart: string;
  days: { day: string; level: number; levelLabel: string; count: number }[];
  total: number;
  active: number;
}

const BASE = '/v2/screen/dashboard';
const get = async <T>(name: string, params?: Record<string, string | number>) =>
  (await request<Envelope<T>>({ url: `${BASE}/${name}`, params, meta: { isSilent: true } })).data.data;

export const fetchInspections = (weeks: number) => get<InspectionWeeks>('inspections', { weeks });
export const fetchOpenEvents = () => get<OpenEvents>('openEvents');
export const fetchWarnings = () => get<WeekWarnings>('warnings');
