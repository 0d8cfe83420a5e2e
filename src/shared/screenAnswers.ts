/**
 * The big screens' answers, declared once: the server's actions return them (src/server/actions/screens/matrix*.ts
 * for GET /api/v2/screen/matrix/<screen>, inspection*.ts for GET /api/v2/screen/inspection/<call>) and the
 * console's screens read them (src/web/screens/matrix/matrixData.ts, src/web/pages/screens/inspection/inspectionData.ts).
 */

// ---------------------------------------------------------------------------
// Matrix screens (四全, 四制, 四预, 四管)

export interface KeyCount {
  key: number;
  count: number;
}

export interface ReservoirLifecycle {
  id: string;
  name: string;
  registered: boolean;
  /** Conclusion of the latest appraisal (dam_safety_class), else the archive's class. */
  safetyClass: number | null;
  appraisalDate: string | null;
  nextAppraisalDate: string | null;
  /** Progress (engineering_progress 1–5) of the latest reinforcement project, null without one. */
  reinforceProgress: number | null;
  /** downgrade_type (1 降等, 2 报废) when the reservoir has one, else null. */
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
      // The register does not require a start time; the answer leaves it out when there is none.
      startTime?: string;
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

// ---------------------------------------------------------------------------
// Reservoir inspection screen

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
