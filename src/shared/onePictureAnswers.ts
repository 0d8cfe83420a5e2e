/**
 * The answers of the one-picture map and the map views (/api/v2/inspect/map/*, /api/v1/reservoir/screen/*), declared
 * once: the server's actions (src/server/actions/onePicture/) return them, the console
 * (src/web/pages/onePicture/onePictureApi.ts) reads them.
 */

/** The map colour of a reservoir: an active warning first, then an open event, then live data or none. */
export type MapState = 'warning' | 'event' | 'normal' | 'offline';

/** A reservoir's archive fields the map shows. */
export interface MapReservoir {
  id: string;
  name: string;
  code: string;
  regionCode: string;
  scale: number | null;
  longitude: number | null;
  latitude: number | null;
  totalCapacity: number | null;
  deadWaterLevel: number | null;
  floodLimitWaterLevel: number | null;
  normalWaterLevel: number | null;
  designFloodLevel: number | null;
  checkFloodLevel: number | null;
  damCrestElevation: number | null;
  damHeight: number | null;
  manageUnit: string | null;
  createTime: string | null;
}

/** A reservoir's live figures. */
export interface ReservoirFigures {
  latestLevel: number | null;
  latestLevelTime: string | null;
  todayRainfall: number | null;
  inspectionsThisMonth: number;
  openEvents: number;
  activeWarnings: number;
  /** Highest warning_level among the active warnings (1 blue … 4 red), null without any. */
  warningLevel: number | null;
  stationCount: number;
  cameraCount: number;
}

/** getStatisticList's row and screen/statistics' answer. */
export interface StatisticRow extends MapReservoir, ReservoirFigures {
  /** latestLevel − floodLimitWaterLevel (m), positive above the flood limit; null without either. */
  aboveFloodLimit: number | null;
  state: MapState;
}

/** getInfoCount: the counts across the top of the map. */
export interface InfoCount {
  reservoirCount: number;
  stationCount: number;
  cameraCount: number;
  openEventCount: number;
  activeWarningCount: number;
}

/** getDays: 安全运行天数. */
export interface SafeDays {
  days: number;
  /** The day counted from (yyyy-MM-dd), null when the caller sees no reservoir. */
  since: string | null;
  lastEventTime: string | null;
  lastWarningTime: string | null;
}

/** getUserByReservoirId: one of the three responsible persons (staff_duty 1 行政, 2 技术, 3 巡查), null when missing. */
export interface ResponsiblePerson {
  duty: 1 | 2 | 3;
  person: { id: string; name: string; phone: string; post: string | null; unit: string | null } | null;
}

/** getInsUserCount: the inspection totals of a period (startDate–endDate inclusive). */
export interface InspectorCount {
  startDate: string;
  endDate: string;
  inspectorCount: number;
  recordCount: number;
  problemCount: number;
  inspectedReservoirCount: number;
  reservoirCount: number;
  patrolPersonCount: number;
}

/** getInsUserVO: one inspector's work in the period. */
export interface InspectorFigures {
  inspectorId: string;
  inspectorName: string;
  recordCount: number;
  problemCount: number;
  reservoirCount: number;
  lastTime: string | null;
}

/** getNotice / saveNotice: the notice board's newest text. */
export interface MapNotice {
  id: string;
  content: string;
  updateTime: string | null;
  authorName: string;
}

export type MapView = 'province' | 'county';
export type RegionLevel = 'province' | 'city' | 'county' | 'town' | 'village' | 'none';

/** getAdCode: the caller's region and the map view the console opens. */
export interface AdCode {
  adCode: string;
  name: string;
  level: RegionLevel;
  view: MapView;
  mapCode: string;
  /** The name of mapCode (莆田市 for 3503). */
  mapName: string;
}

/** screen/cameras: one camera of the chosen reservoir's panel. */
export interface PanelCamera {
  id: string;
  name: string;
  position: number | null;
  onlineStatus: number | null;
  ptz: number | null;
}

/** getRegionCount: one county's counts. */
export interface RegionCount {
  regionCode: string;
  regionName: string;
  reservoirCount: number;
  openEvents: number;
  activeWarnings: number;
}

/** getEventList: one open event placed on the map. */
export interface MapEvent {
  id: string;
  eventNo: string | null;
  title: string;
  reservoirId: string;
  reservoirName: string;
  status: number;
  level: number | null;
  createTime: string;
  longitude: number | null;
  latitude: number | null;
}

/** getStationList: one station placed on the monitoring map. */
export interface MapStation {
  id: string;
  stationCode: string;
  stationName: string;
  monitorType: number | null;
  reservoirId: string;
  reservoirName: string;
  longitude: number | null;
  latitude: number | null;
  /** The newest reading of the station's elements (element key, value, time), null when it never reported. */
  latest: { element: number; value: number; time: string } | null;
  activeWarnings: number;
  warningLevel: number | null;
}
