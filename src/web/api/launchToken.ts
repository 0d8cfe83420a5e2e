/**
 * Pages an app opens with its access token in the address (`?token=…`: /video-for-app, /appView):
 * the token is read once and taken out of the address bar at once, so it is neither bookmarked,
 * shared nor left in history. The other parameters stay, so a reload keeps them.
 */

/** The address without the token, or undefined when it carries none. */
export function addressWithoutToken(location: { pathname: string; search: string; hash: string }): string | undefined {
  const query = new URLSearchParams(location.search);
  if (!query.has('token')) return undefined;
  query.delete('token');
  const search = query.toString();
  return `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
}

/** Replaces the current history entry with the address without its token. */
export function dropTokenFromAddress(): void {
  const clean = addressWithoutToken(window.location);
  if (clean) window.history.replaceState(window.history.state, '', clean);
}
