/**
 * What the mobile app opens /video-for-app with: `?token=<access token>&reservoirId=<id>[&cameraId=<id>][&lang=en]`.
 * The token is read once and kept in memory only (never in the console's
 * storage: the page must not sign the browser in); the page takes it out of
 * the address bar at once (api/launchToken.ts).
 */
export interface LaunchParams {
  token?: string;
  reservoirId?: string;
  cameraId?: string;
  language: 'zh' | 'en';
}

const ID = /^[0-9]{1,19}$/;

export function readLaunchParams(search: string): LaunchParams {
  const query = new URLSearchParams(search);
  const token = query.get('token')?.trim() || undefined;
  const reservoirId = query.get('reservoirId') ?? '';
  const cameraId = query.get('cameraId') ?? '';
  return {
    token,
    reservoirId: ID.test(reservoirId) ? reservoirId : undefined,
    cameraId: ID.test(cameraId) ? cameraId : undefined,
    language: query.get('lang') === 'en' ? 'en' : 'zh',
  };
}
