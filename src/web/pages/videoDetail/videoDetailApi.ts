/**
 * The camera detail page's calls (schemas/camera/camera.json): the camera,
 * its PTZ state and the three control calls, a snapshot, and its latest AI
 * alarms (the alarm list of 实时视频's neighbour page, filtered on the camera).
 */
import type { Envelope, Page } from '../../../shared/envelope';
import { request } from '../../api/http';
import type { CameraWarning } from '../videoMonitor/videoMonitorApi';

const CAMERA = '/v2/inspect/camera';

export interface CameraDetail {
  id: string;
  name: string;
  reservoirId: string;
  position?: number | null;
  onlineStatus?: number | null;
  ptz?: number | null;
  accountId?: string | null;
  deviceSerial?: string | null;
}

export interface PtzPosition {
  pan: number;
  tilt: number;
  zoom: number;
  focus: number;
}

export interface PtzState {
  ptz: boolean;
  platform: string;
  position: PtzPosition | null;
  recent: { command: string; speed: number; at: string }[];
}

export interface Snapshot {
  image: string;
  contentType: string;
  takenAt: string;
  fileName: string;
}

export type PtzCall = 'deviceControl' | 'zoomControl' | 'focalControl';

/** The pad's buttons: which call each makes with which word. */
export const PTZ_BUTTONS: { key: string; call: PtzCall; body: Record<string, string> }[] = [
  { key: 'up', call: 'deviceControl', body: { direction: 'up' } },
  { key: 'left', call: 'deviceControl', body: { direction: 'left' } },
  { key: 'right', call: 'deviceControl', body: { direction: 'right' } },
  { key: 'down', call: 'deviceControl', body: { direction: 'down' } },
  { key: 'zoomIn', call: 'zoomControl', body: { command: 'in' } },
  { key: 'zoomOut', call: 'zoomControl', body: { command: 'out' } },
  { key: 'focusNear', call: 'focalControl', body: { command: 'near' } },
  { key: 'focusFar', call: 'focalControl', body: { command: 'far' } },
];

const data = async <T>(promise: Promise<{ data: Envelope<T> }>): Promise<T> => (await promise).data.data;

export const fetchCamera = (id: string) => data(request<Envelope<CameraDetail>>({ url: `${CAMERA}/detail`, params: { id }, meta: { isSilent: true } }));

export const fetchPtzState = (id: string) => data(request<Envelope<PtzState>>({ url: `${CAMERA}/ptzState`, params: { id }, meta: { isSilent: true } }));

export const sendPtz = (id: string, call: PtzCall, body: Record<string, string>, speed: number) =>
  data(request<Envelope<{ position: PtzPosition | null }>>({ url: `${CAMERA}/${call}`, method: 'POST', data: { id, ...body, speed } }));

export const takeSnapshot = (id: string) => data(request<Envelope<Snapshot>>({ url: `${CAMERA}/snapshot`, params: { id } }));

export const fetchCameraAlarms = (cameraId: string) =>
  data(request<Envelope<Page<CameraWarning>>>({ url: '/v2/inspect/cameraWarning/page', params: { cameraId, current: 1, size: 5 }, meta: { isSilent: true } }));
