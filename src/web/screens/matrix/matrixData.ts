/**
 * The matrix screens' answers (GET /api/v2/screen/matrix/<screen>, src/server/actions/screens/matrix*.ts) and the
 * hook each page reads them with (refreshed every minute, the screen token's call).
 */
import { screenApi } from '../screenApi';
import { useScreenData } from '../useScreenData';

export type MatrixScreenKey = 'siquan' | 'sizhi' | 'siyu' | 'siguan';

export interface KeyCount {
  key: number;
  count: number;
}

export interface ReservoirLifecycle {
  id: string;
  name: string;
  registered: boolean;
  safetyClass: number | null;
  appraisalDate: string | null;
  nextAppraisalDate: string | null;
  reinforceProgress: number | null;
  downgradeType: number | null;
}

export interface SiquanData {
  today: string;
  coverage: {
    reservoirs: number;
    stations: number;
    cameras: number;
    stationRate: number;
    levelRate: number;
    rainRate: number;
    cameraRate: number;
  };
  elements: { family: string; stations: number; reservoirs: number; reporting24h: number }[];
  allWeather: {
    stations: number;
    online: number;
    within24h: number;
    stale: number;
    never: number;
    onlineRate: number;
    cameras: number;
    camerasOnline: number;
    cameraOnlineRate: number;
    daily: { day: string; stations: number; rate: number }[];
  };
  lifecycle: {
    registered: number;
    appraised: number;
    appraisalOverdue: number;
    reinforcing: number;
    reinforced: number;
    downgraded: number;
    reservoirs: ReservoirLifecycle[];
  };
}

export interface SizhiData {
  reservoirs: number;
  system: { managed: number; withCompetentDept: number; registered: number; managedRate: number; competentRate: number; registeredRate: number };
  mechanism: { planned: number; plannedRate: number; dispatchPlans: number; dispatchRate: number; trained: number; trainedRate: number };
  rules: { withRules: number; rulesRate: number; filesByType: KeyCount[] };
  responsibility: {
    reservoirs: number;
    complete: number;
    completeRate: number;
    byDuty: { duty: number; reservoirs: number }[];
    persons: number;
    bound: number;
    placards: number;
    placardRate: number;
  };
  assessment: {
    average: number;
    bands: { good: number; fair: number; poor: number };
    lowest: { id: string; name: string; score: number; missing: string[] }[];
  };
}

export interface SiyuData {
  forecast: {
    stations: { id: string; name: string; reservoirId: string; last24h: number; last7d: number }[];
    daily: { day: string; mean: number }[];
  };
  warning: {
    active: number;
    byLevel: { level: number; count: number }[];
    lastWeek: number;
    latest: {
      id: string;
      reservoirName: string | null;
      limitName: string | null;
      level: number | null;
      value: number | null;
      threshold: number | null;
      startTime: string;
    }[];
    overFloodLimit: { id: string; name: string; level: number; floodLimitLevel: number }[];
  };
  rehearsal: null | {
    reservoirId: string;
    reservoirName: string;
    level: { value: number; time: string };
    floodLimitLevel: number;
    normalLevel: number | null;
    designFloodLevel: number | null;
    margin: number;
    ratePerHour: number;
    hoursToLimit: number | null;
    trend: { time: string; value: number }[];
  };
  plan: {
    withPlan: number;
    planRate: number;
    contacts: {
      reservoirId: string;
      reservoirName: string | null;
      persons: { duty: number; name: string; phone: string }[];
      plans: { id: string; name: string; issueDate: string | null }[];
    }[];
  };
}

export interface SiguanData {
  today: string;
  reservoirs: number;
  reinforcement: {
    byProgress: KeyCount[];
    investment: number;
    centralFund: number;
    open: { id: string; reservoirName: string | null; projectName: string; progress: number | null }[];
    unsafeWithoutProject: { id: string; name: string }[];
  };
  appraisal: {
    byClass: { safetyClass: number; count: number }[];
    unclassified: number;
    overdue: number;
    dueSoon: number;
    due: { id: string; name: string; safetyClass: number | null; appraisalDate: string | null; nextAppraisalDate: string | null }[];
  };
  upkeep: {
    maintain: { records: number; reservoirs: number; rate: number; monthly: { month: string; count: number }[] };
    clean: { records: number; reservoirs: number; rate: number; monthly: { month: string; count: number }[] };
    projectsByStatus: KeyCount[];
  };
  safety: {
    inspections: number;
    inspectedReservoirs: number;
    inspectedRate: number;
    events: { total: number; closed: number; closureRate: number; open: number; openByLevel: { level: number; count: number }[] };
    risks: { total: number; closed: number; closureRate: number };
  };
}

interface MatrixAnswers {
  siquan: SiquanData;
  sizhi: SizhiData;
  siyu: SiyuData;
  siguan: SiguanData;
}

export function useMatrixData<K extends MatrixScreenKey>(screen: K) {
  return useScreenData<MatrixAnswers[K]>(`matrix-${screen}`, () => screenApi.get<MatrixAnswers[K]>(`/v2/screen/matrix/${screen}`));
}
