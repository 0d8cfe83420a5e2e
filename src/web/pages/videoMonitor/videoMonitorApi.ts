/**
 * The console's calls of the video pages (contract 12 §C): the AI alarm
 * list, its export and 误报, turning an alarm into an event (the event
 * register's aiPhotoAssign), the annotated photos, the camera tree, a
 * camera's live address and the tenant's rotation (轮巡) settings.
 */
import type { Envelope, Page, TreeNode } from '../../../shared/envelope';
import { request } from '../../api/http';
import type { ParamValue } from '../../api/request';
import { downloadFile } from '../../renderers/entityApi';
import type { LiveAddress } from '../videoForApp/videoApi';

const WARNING = '/v2/inspect/cameraWarning';
const CAMERA = '/v2/inspect/camera';

export interface CameraWarning {
  id: string;
  cameraId: string;
  cameraName?: string | null;
  reservoirId?: string | null;
  reservoirName?: string | null;
  alarmId: string;
  alarmType: number;
  alarmTime: string;
  photoUrl?: string | null;
  confidence?: number | null;
  description?: string | null;
  handleStatus: number;
  handleOpinion?: string | null;
  eventId?: string | null;
  eventTitle?: string | null;
}

export interface AiPhoto {
  id: string;
  originalUrl: string;
  annotatedUrl?: string | null;
  warningId?: string | null;
  labels?: { label: string; confidence: number; box: number[] }[];
  confidence?: number | null;
}

export interface PollingParams {
  enabled: boolean;
  intervalSeconds: number;
  split: 1 | 4 | 9 | 16;
  cameraIds: string[];
}

export interface AssignInput {
  warningId: string;
  handlerId: string;
  deadline?: string;
  eventType: number;
  level: number;
  title?: string;
  opinion?: string;
}

export type WarningQuery = Record<string, ParamValue>;

const data = async <T>(promise: Promise<{ data: Envelope<T> }>): Promise<T> => (await promise).data.data;

export const fetchWarnings = (query: WarningQuery) => data(request<Envelope<Page<CameraWarning>>>({ url: `${WARNING}/page`, params: query }));

export const exportWarnings = (query: WarningQuery) => {
  const params = Object.fromEntries(Object.entries(query).filter(([key]) => key !== 'current' && key !== 'size'));
  return downloadFile({ url: `${WARNING}/export-reservoir`, params }, 'AI告警.xlsx');
};

export const ignoreWarnings = (ids: string[], opinion?: string) =>
  data(request<Envelope<{ ignored: number }>>({ url: `${WARNING}/ignore`, method: 'POST', data: { ids, opinion } }));

export const assignAsEvent = (input: AssignInput) =>
  data(request<Envelope<{ id: string }>>({ url: '/v2/inspect/event/aiPhotoAssign', method: 'POST', data: input }));

export const fetchAiPhotos = (originalUrl: string) =>
  data(request<Envelope<AiPhoto[]>>({ url: '/v2/inspect/aiPhoto/aiPhoto/list', method: 'POST', data: { originalUrl }, meta: { isSilent: true } }));

export const fetchCameraTree = () => data(request<Envelope<TreeNode[]>>({ url: `${CAMERA}/tree` }));

export const fetchLiveAddress = (cameraId: string) =>
  data(request<Envelope<LiveAddress>>({ url: `${CAMERA}/viewLife`, params: { id: cameraId }, meta: { isSilent: true } }));

export const fetchPollingParams = () => data(request<Envelope<PollingParams>>({ url: `${CAMERA}/pollingParams` }));

export const savePollingParams = (params: PollingParams) =>
  data(request<Envelope<PollingParams>>({ url: `${CAMERA}/pollingParams`, method: 'POST', data: params }));
