/**
 * The console's calls for one river patrol (/api/v2/river/inspect/detail): the record with its track in
 * walking order, its problems with the events they raised, and the river's centre line. Read silently: a
 * missing or foreign id is the page's "not found" state, not a popup.
 */
import type { Envelope } from '../../../shared/envelope';
import { request } from '../../api/http';
import { RequestError } from '../../api/request';

export interface PatrolPoint {
  lng: number;
  lat: number;
  time: string;
}

export interface PatrolProblem {
  id: string;
  problemType: number;
  description?: string | null;
  lng?: number | null;
  lat?: number | null;
  photos?: string[] | null;
  eventId?: string | null;
  eventNo?: string | null;
  eventStatus?: number | null;
}

export interface PatrolDetail {
  id: string;
  riverId: string;
  riverName?: string | null;
  section?: string | null;
  chiefId?: string | null;
  chiefName?: string | null;
  chiefLevel?: number | null;
  startTime?: string | null;
  endTime?: string | null;
  durationMinutes: number;
  lengthMetres: number;
  pointCount: number;
  problemCount: number;
  remark?: string | null;
  track: PatrolPoint[];
  problems: PatrolProblem[];
  centreLine: [number, number][];
}

export type PatrolAnswer = { kind: 'found'; patrol: PatrolDetail } | { kind: 'notFound'; message?: string };

export async function fetchPatrolDetail(id: string): Promise<PatrolAnswer> {
  try {
    const response = await request<Envelope<PatrolDetail | null>>({ url: '/v2/river/inspect/detail', params: { id }, meta: { isSilent: true } });
    const patrol = response.data.data;
    return patrol && patrol.id ? { kind: 'found', patrol } : { kind: 'notFound' };
  } catch (error) {
    if (error instanceof RequestError && !error.isNetwork && [400, 403, 404].includes(error.code)) return { kind: 'notFound', message: error.message };
    throw error;
  }
}
