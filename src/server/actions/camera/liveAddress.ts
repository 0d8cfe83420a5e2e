/**
 * What kind of stream a camera's live address is, so a player knows how to
 * open it: HLS (.m3u8), FLV (http or ws), MP4, WebRTC, or something a browser
 * cannot play by itself (shown with a hint).
 */
export type LiveProtocol = 'hls' | 'flv' | 'mp4' | 'webrtc' | 'other';

export function liveProtocolOf(address: string): LiveProtocol {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'other';
  }
  const scheme = url.protocol.replace(/:$/, '').toLowerCase();
  const path = url.pathname.toLowerCase();
  if (scheme === 'webrtc' || /\/(rtc|webrtc)(\/|$)/.test(path)) return 'webrtc';
  if (path.endsWith('.m3u8')) return 'hls';
  if (path.endsWith('.flv')) return 'flv';
  if (path.endsWith('.mp4') && (scheme === 'http' || scheme === 'https')) return 'mp4';
  return 'other';
}
