/**
 * The page's own request instance: the token the app passed, held in memory
 * (never the console's stored session), and no popups or sign-out on errors —
 * the page shows them itself (401: the token has expired).
 */
import type { Envelope } from '../../../shared/envelope';
import { createRequest, RequestError } from '../../api/request';
import { website } from '../../config/website';

export interface CameraRow {
  id: string;
  name: string;
  reservoirId: string;
  position?: number | null;
  onlineStatus?: number | null;
  ptz?: number | null;
}

export type LiveProtocol = 'hls' | 'flv' | 'mp4' | 'webrtc' | 'other';

export interface LiveAddress {
  url: string | null;
  protocol: LiveProtocol | null;
  expireTime: string | null;
}

export interface DictEntry {
  dictKey: string;
  dictValue: string;
  dictValueEn?: string | null;
}

export interface VideoApi {
  cameras(reservoirId: string): Promise<CameraRow[]>;
  reservoirName(reservoirId: string): Promise<string | undefined>;
  dictionary(code: string): Promise<DictEntry[]>;
  liveAddress(cameraId: string): Promise<LiveAddress>;
}

export function createVideoApi(token: string, language: () => 'zh' | 'en'): VideoApi {
  const request = createRequest({
    clientId: website.clientId,
    clientSecret: website.clientSecret,
    getToken: () => token,
    getLanguage: language,
    statusWhiteList: [400, 401, 403, 404, 500],
  });
  const get = async <T>(url: string, params: Record<string, string>) => (await request<Envelope<T>>({ url, params, meta: { isSilent: true } })).data.data;
  return {
    cameras: (reservoirId) => get<CameraRow[]>('/v2/inspect/camera/listByReservoir', { reservoirId }),
    reservoirName: async (reservoirId) => {
      const reservoirs = await get<{ id: string; name: string }[]>('/v1/reservoir/listAll', {});
      return reservoirs.find((r) => r.id === reservoirId)?.name;
    },
    dictionary: (code) => get<DictEntry[]>('/blade-system/dict/dictionary', { code }),
    liveAddress: (cameraId) => get<LiveAddress>('/v2/inspect/camera/viewLife', { id: cameraId }),
  };
}

export function errorCode(error: unknown): number {
  return error instanceof RequestError ? error.code : 0;
}

export function errorMessage(error: unknown): string | undefined {
  return error instanceof RequestError && !error.isNetwork && error.message ? error.message : undefined;
}
