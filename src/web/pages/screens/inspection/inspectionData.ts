/** The inspection big screen's three calls (src/server/actions/screens/inspection*.ts), refreshed every minute. */
import { useTranslation } from 'react-i18next';
import { screenApi } from '../../../screens/screenApi';
import { useScreenData } from '../../../screens/useScreenData';

export interface LabelledCount {
  key: number;
  label: string;
  count: number;
}

export interface ReservoirsData {
  total: number;
  important: number;
  byScale: LabelledCount[];
  byDamType: LabelledCount[];
  regionCodes: string[];
  points: { id: string; name: string; lat: number | null; lng: number | null; scale: number | null; state: 'normal' | 'warning' | 'event' }[];
}

export interface WorkData {
  today: number;
  /** So far: Monday..today and the first..today; rate in per cent, uncapped, null when nothing was planned. */
  week: { planned: number; done: number; rate: number | null };
  month: { planned: number; done: number; rate: number | null };
  trend: { date: string; count: number }[];
  inspectors: { activeToday: number; planned: number };
  latest: {
    id: string;
    reservoirName: string | null;
    inspectorName: string | null;
    inspectType: number | null;
    startTime: string | null;
    problemCount: number;
  }[];
}

export interface EventsData {
  found: number;
  closed: number;
  open: number;
  closureRate: number;
  byState: LabelledCount[];
  byAge: { key: string; count: number }[];
  warnings: {
    monitoring: number;
    camera: number;
    total: number;
    latest: { id: string; kind: 'monitor' | 'camera'; reservoirName: string | null; level: number | null; text: string; time: string | null }[];
  };
}

/** One call's data; the key carries the language, since the server labels dictionary values in it. */
function useCall<T>(name: string) {
  const { i18n } = useTranslation();
  return useScreenData<T>(`screen/inspection/${name}:${i18n.language}`, () => screenApi.get<T>(`/v2/screen/inspection/${name}`)).data;
}

export const useReservoirs = () => useCall<ReservoirsData>('reservoirs');
export const useWork = () => useCall<WorkData>('work');
export const useEvents = () => useCall<EventsData>('events');
