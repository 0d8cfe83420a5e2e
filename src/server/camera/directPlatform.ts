/**
 * Cameras reached by their own stream address (no account, or an account of
 * platform 9 直连地址): the live address is the camera's liveUrl as it is;
 * nothing else is known of the camera, so PTZ and snapshots refuse clearly.
 */
import { liveProtocolOf } from '../actions/camera/liveAddress.js';
import { badRequest } from '../http/apiError.js';
import type { CameraPlatform } from './cameraPlatform.js';

export const DIRECT_PLATFORM = 9;

export const directPlatform: CameraPlatform = {
  name: 'direct',
  protocols: ['hls', 'flv', 'mp4', 'webrtc', 'other'],
  async liveAddress(camera) {
    const url = camera.liveUrl && camera.liveUrl !== '' ? camera.liveUrl : null;
    return { url, protocol: url ? liveProtocolOf(url) : null, expireTime: null };
  },
  async control() {
    throw badRequest('视频平台未接入，暂不支持云台控制', 'The video platform is not connected; pan-tilt-zoom control is not available yet');
  },
  async snapshot() {
    throw badRequest('直连摄像头不支持抓拍：只有直播地址，没有视频平台接口', 'A direct camera cannot take snapshots: only its stream address is known');
  },
  async ptzState() {
    return null;
  },
};
