/**
 * The cloud platforms (1 萤石云, 2 海康 ISC/Artemis, 3 大华 ICC, 4 GB/T 28181
 * gateway) until their adapters are written: every call refuses clearly.
 * Their APIs need the vendor's network and the account's credentials, which
 * this deployment has no route to. An adapter for one of them implements
 * CameraPlatform (cameraPlatform.ts) — EZVIZ: POST /api/lapp/v2/live/address/get,
 * /api/lapp/device/ptz/start|stop, /api/lapp/device/capture; ISC:
 * /api/video/v2/cameras/previewURLs, /api/video/v1/ptzs/controlling,
 * /api/video/v1/manualCapture — and replaces this entry in platforms.ts.
 */
import { badRequest } from '../http/apiError.js';
import type { CameraPlatform } from './cameraPlatform.js';

export const unconnectedPlatform: CameraPlatform = {
  name: 'unconnected',
  protocols: ['hls'],
  async liveAddress() {
    throw badRequest(
      '暂不支持从该平台获取直播地址，请在摄像头上填写直播地址',
      "Live addresses cannot be fetched from this platform yet; please fill in the camera's live URL",
    );
  },
  async control() {
    throw badRequest('视频平台未接入，暂不支持云台控制', 'The video platform is not connected; pan-tilt-zoom control is not available yet');
  },
  async snapshot() {
    throw badRequest('视频平台未接入，暂不支持抓拍', 'The video platform is not connected; snapshots are not available yet');
  },
  async ptzState() {
    return null;
  },
};
