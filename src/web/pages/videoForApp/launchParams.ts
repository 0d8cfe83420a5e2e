/**
 * What the mobile app opens /video-for-app with: `?token=<access token>&reservoirId=<id>[&cameraId=<id>][&lang=en]`.
 * The token is read once and kept in memory only (never in the console's
 * storage: the page must not sign the browser in), and taken out of the
 * address bar at once so it is neither bookmarked, shared nor left in history.
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

/** The address without the token (the other parameters stay, so a reload keeps the reservoir and language). */
export function addressWithoutToken(location: { pathname: string; search: string; hash: string }): string | undefined {
  const query = new URLSearchParams(location.search);
  if (!query.has('token')) return undefined;
  query.delete('token');
  const search = query.toString();
  return `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
}
