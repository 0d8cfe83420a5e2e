/**
 * The one-picture map's and the map views' calls (/api/v2/inspect/map/*, /api/v1/reservoir/screen/*; served by
 * src/server/actions/onePicture/) and the camera's live address for the panel's player.
 */
import type { Envelope } from '../../../shared/envelope';
import type * as A from '../../../shared/onePictureAnswers';
import { request } from '../../api/http';
import type { LiveAddress } from '../videoForApp/videoApi';

const data = async <T>(promise: Promise<{ data: Envelope<T> }>): Promise<T> => (await promise).data.data;
const get = <T>(url: string, params?: Record<string, string | undefined>) => data(request<Envelope<T>>({ url, params }));

const MAP = '/v2/inspect/map';

// The pages read the answers' types from here.
export type * from '../../../shared/onePictureAnswers';

export const fetchInfoCount = () => get<A.InfoCount>(`${MAP}/getInfoCount`);
export const fetchSafeDays = (reservoirId?: string) => get<A.SafeDays>(`${MAP}/getDays`, { reservoirId });
export const fetchStatisticList = () => get<A.StatisticRow[]>(`${MAP}/getStatisticList`);
export const fetchRegionStatisticList = (regionCode?: string) => get<A.StatisticRow[]>(`${MAP}/getRegionStatisticList`, { regionCode });
export const fetchPeople = (reservoirId: string) => get<A.ResponsiblePerson[]>(`${MAP}/getUserByReservoirId`, { reservoirId });
export const fetchInspectorCount = () => get<A.InspectorCount>(`${MAP}/getInsUserCount`);
export const fetchInspectors = () => get<A.InspectorFigures[]>(`${MAP}/getInsUserVO`);
export const fetchNotice = () => get<A.MapNotice | null>(`${MAP}/getNotice`);
export const saveNotice = (content: string) => data(request<Envelope<A.MapNotice>>({ url: `${MAP}/saveNotice`, method: 'POST', data: { content } }));
export const fetchAdCode = () => get<A.AdCode>(`${MAP}/getAdCode`);
export const fetchPanelStatistics = (reservoirId: string) => get<A.StatisticRow>('/v1/reservoir/screen/statistics', { reservoirId });
export const fetchPanelCameras = (reservoirId: string) => get<A.PanelCamera[]>('/v1/reservoir/screen/cameras', { reservoirId });
export const fetchLiveAddress = (cameraId: string) =>
  data(request<Envelope<LiveAddress>>({ url: '/v2/inspect/camera/viewLife', params: { id: cameraId }, meta: { isSilent: true } }));
export const fetchRegionCount = (regionCode?: string) => get<A.RegionCount[]>(`${MAP}/getRegionCount`, { regionCode });
export const fetchMapEvents = (regionCode?: string) => get<A.MapEvent[]>(`${MAP}/getEventList`, { regionCode });
export const fetchMapStations = () => get<A.MapStation[]>(`${MAP}/getStationList`);
