/**
 * The one-picture map's and the map views' calls (/api/v2/inspect/map/*, /api/v1/reservoir/screen/*; served by
 * src/server/actions/onePicture/) and the camera's live address for the panel's player.
 */
import type { Envelope } from '../../../shared/envelope';
import { request } from '../../api/http';
import type { LiveAddress } from '../videoForApp/videoApi';

const data = async <T>(promise: Promise<{ data: Envelope<T> }>): Promise<T> => (await promise).data.data;
const get = <T>(url: string, params?: Record<string, string | undefined>) => data(request<Envelope<T>>({ url, params }));

const MAP = '/v2/inspect/map';

export type MapState = 'warning' | 'event' | 'normal' | 'offline';

export interface StatisticRow {
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
  latestLevel: number | null;
  latestLevelTime: string | null;
  aboveFloodLimit: number | null;
  todayRainfall: number | null;
  inspectionsThisMonth: number;
  openEvents: number;
  activeWarnings: number;
  warningLevel: number | null;
  stationCount: number;
  cameraCount: number;
  state: MapState;
}

export interface InfoCount {
  reservoirCount: number;
  stationCount: number;
  cameraCount: number;
  openEventCount: number;
  activeWarningCount: number;
}

export interface SafeDays {
  days: number;
  since: string | null;
}

export interface ResponsiblePerson {
  duty: 1 | 2 | 3;
  person: { id: string; name: string; phone: string; post: string | null; unit: string | null } | null;
}

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

export interface InspectorFigures {
  inspectorId: string;
  inspectorName: string;
  recordCount: number;
  problemCount: number;
  reservoirCount: number;
  lastTime: string | null;
}

export interface MapNotice {
  id: string;
  content: string;
  updateTime: string | null;
  authorName: string;
}

export interface AdCode {
  adCode: string;
  name: string;
  level: string;
  view: 'province' | 'county';
  mapCode: string;
  mapName: string;
}

export interface PanelCamera {
  id: string;
  name: string;
  position: number | null;
  onlineStatus: number | null;
  ptz: number | null;
}

export interface RegionCount {
  regionCode: string;
  regionName: string;
  reservoirCount: number;
  openEvents: number;
  activeWarnings: number;
}

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

export interface MapStation {
  id: string;
  stationCode: string;
  stationName: string;
  monitorType: number | null;
  reservoirId: string;
  reservoirName: string;
  longitude: number | null;
  latitude: number | null;
  latest: { element: number; value: number; time: string } | null;
  activeWarnings: number;
  warningLevel: number | null;
}

export const fetchInfoCount = () => get<InfoCount>(`${MAP}/getInfoCount`);
export const fetchSafeDays = (reservoirId?: string) => get<SafeDays>(`${MAP}/getDays`, { reservoirId });
export const fetchStatisticList = () => get<StatisticRow[]>(`${MAP}/getStatisticList`);
export const fetchRegionStatisticList = (regionCode?: string) => get<StatisticRow[]>(`${MAP}/getRegionStatisticList`, { regionCode });
export const fetchPeople = (reservoirId: string) => get<ResponsiblePerson[]>(`${MAP}/getUserByReservoirId`, { reservoirId });
export const fetchInspectorCount = () => get<InspectorCount>(`${MAP}/getInsUserCount`);
export const fetchInspectors = () => get<InspectorFigures[]>(`${MAP}/getInsUserVO`);
export const fetchNotice = () => get<MapNotice | null>(`${MAP}/getNotice`);
export const saveNotice = (content: string) => data(request<Envelope<MapNotice>>({ url: `${MAP}/saveNotice`, method: 'POST', data: { content } }));
export const fetchAdCode = () => get<AdCode>(`${MAP}/getAdCode`);
export const fetchPanelStatistics = (reservoirId: string) => get<StatisticRow>('/v1/reservoir/screen/statistics', { reservoirId });
export const fetchPanelCameras = (reservoirId: string) => get<PanelCamera[]>('/v1/reservoir/screen/cameras', { reservoirId });
export const fetchLiveAddress = (cameraId: string) =>
  data(request<Envelope<LiveAddress>>({ url: '/v2/inspect/camera/viewLife', params: { id: cameraId }, meta: { isSilent: true } }));
export const fetchRegionCount = (regionCode?: string) => get<RegionCount[]>(`${MAP}/getRegionCount`, { regionCode });
export const fetchMapEvents = (regionCode?: string) => get<MapEvent[]>(`${MAP}/getEventList`, { regionCode });
export const fetchMapStations = () => get<MapStation[]>(`${MAP}/getStationList`);
