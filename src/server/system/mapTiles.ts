/**
 * The map tile server of a deployment (MAP_TILE_URL, e.g.
 * `https://tiles.example.gov.cn/{z}/{x}/{y}.png`; `{s}` for subdomains). The
 * console reads it from the public settings and draws the tiles under the
 * shipped region outlines; the Content-Security-Policy lets images come from
 * its origin. Unset — the default, and any offline installation — the map
 * draws outlines only and never reaches another origin.
 */

const TEMPLATE = /^https?:\/\/[A-Za-z0-9.{}-]+(:\d+)?\/\S*$/;

/** The configured template, checked at start: a malformed one stops the server with the reason. */
export function mapTileUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const url = env.MAP_TILE_URL?.trim();
  if (!url) return undefined;
  if (!TEMPLATE.test(url) || !['{z}', '{x}', '{y}'].every((part) => url.includes(part))) {
    throw new Error(`MAP_TILE_URL must be an http(s) URL template with {z}, {x} and {y}, got "${url}"`);
  }
  return url;
}

/** The CSP source of the tile server: its scheme, host and port; `{s}` subdomains become a wildcard. */
export function mapTileSource(url: string): string {
  const [, scheme, host] = /^(https?):\/\/([^/]+)/.exec(url)!;
  return `${scheme}://${host.replace(/^\{s\}\./, '*.')}`;
}
