/** The river screen's three calls (/api/v2/river/screen/*), each refreshed on its own. */
import { screenApi } from '../screenApi';
import { useScreenData } from '../useScreenData';

export interface LevelFrequency {
  level: number;
  label: string;
  period: 'quarter' | 'month' | 'week';
  rivers: number;
  required: number;
  done: number;
  patrols: number;
}

export interface RiverStatistics {
  today: string;
  rivers: number;
  riverLines: { id: string; name: string; level: number; regionCode: string | null; centreLine: [number, number][] }[];
  month: { patrols: number; lengthMetres: number; durationMinutes: number; chiefs: number };
  onTarget: number;
  byLevel: LevelFrequency[];
  problemsByType: { type: number; label: string; count: number }[];
  problemsByState: { state: number; label: string; count: number }[];
  daily: { day: string; patrols: number; lengthMetres: number }[];
}

export interface RiverProblem {
  id: string;
  problemType: number;
  typeLabel: string | null;
  description: string | null;
  lng: number | null;
  lat: number | null;
  riverName: string | null;
  section: string | null;
  chiefName: string | null;
  foundTime: string;
  eventNo: string | null;
  eventStatus: number | null;
  statusLabel: string | null;
}

export interface RiverCamera {
  id: string;
  name: string;
  reservoirName: string | null;
  rivers: string[];
  onlineStatus: number | null;
  longitude: number | null;
  latitude: number | null;
}

const BASE = '/v2/river/screen';

export const useRiverStatistics = (language: string) =>
  useScreenData(['river-statistics', language].join(':'), () => screenApi.get<RiverStatistics>(`${BASE}/statistics`));

export const useRiverProblems = (language: string) =>
  useScreenData(['river-problems', language].join(':'), () => screenApi.get<RiverProblem[]>(`${BASE}/problemList`, { limit: 5 }), { refreshSeconds: 30 });

export const useRiverCameras = () => useScreenData('river-cameras', () => screenApi.get<RiverCamera[]>(`${BASE}/cameras`), { refreshSeconds: 120 });
