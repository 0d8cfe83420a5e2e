/**
 * Opens a big screen in a new window with a fresh screen token for it (POST /api/blade-screen/token?screen=):
 * `path#screenToken=<token>`. The window is opened at once (a popup blocker allows it only during the click)
 * and sent to the screen when the token arrives; it is cut from the console (no opener). A path of no screen
 * opens as it is.
 */
import { request } from '../api/http';
import { screenOfPath } from './screenPaths';

/** Resolves true once the window is on its way to the screen; false when it could not be opened. */
export async function openScreen(path: string): Promise<boolean> {
  const screen = screenOfPath(path);
  const target = window.open('about:blank', '_blank');
  if (!target) return false;
  target.opener = null;
  if (!screen) {
    target.location.replace(path);
    return true;
  }
  try {
    const answer = await request<{ data: { token: string } }>({ url: '/blade-screen/token', method: 'POST', params: { screen } });
    target.location.replace(`${path}#screenToken=${encodeURIComponent(answer.data.data.token)}`);
    return true;
  } catch {
    // The request layer has shown why (no menu, too many requests); the empty window goes.
    target.close();
    return false;
  }
}
