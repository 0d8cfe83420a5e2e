/**
 * The tile server of this deployment (MAP_TILE_URL, answered by the public
 * settings call as mapTileUrl), read once per page load. None configured —
 * the default, and every offline installation — means outlines only: the
 * map then never asks anything of another origin.
 */
import { fetchPublicSettings } from '../api/authApi';

let tileUrl: Promise<string | undefined> | undefined;

/** Only an http(s) template with {z}/{x}/{y} is used; anything else reads as none. */
export function usableTileUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const url = value.trim();
  return /^https?:\/\/[^\s]+$/.test(url) && ['{z}', '{x}', '{y}'].every((part) => url.includes(part)) ? url : undefined;
}

export function configuredTileUrl(): Promise<string | undefined> {
  tileUrl ??= fetchPublicSettings().then(
    (settings) => usableTileUrl(settings.mapTileUrl),
    () => undefined,
  );
  return tileUrl;
}
