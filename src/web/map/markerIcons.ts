/**
 * Marker and track icons as Leaflet divIcons drawn by CSS (map.css): no image
 * files from a CDN, nothing the Content-Security-Policy would refuse.
 */
import L from 'leaflet';
import type { MapMarker } from './types';

const STATUS_COLORS: Record<NonNullable<MapMarker['status']>, string> = {
  normal: '#1677ff',
  warning: '#fa8c16',
  event: '#f5222d',
  offline: '#8c8c8c',
};

export function markerColor(marker: MapMarker): string {
  return marker.color ?? STATUS_COLORS[marker.status ?? 'normal'];
}

/** A round pin in the marker's colour; its status also names a CSS class (the event state pulses). */
export function markerIcon(marker: MapMarker): L.DivIcon {
  const pin = document.createElement('span');
  pin.className = `offline-map-pin offline-map-pin-${marker.status ?? 'normal'}`;
  pin.style.background = markerColor(marker);
  return L.divIcon({ className: 'offline-map-marker', html: pin, iconSize: [16, 16], iconAnchor: [8, 8] });
}

/**
 * The start or end flag of a track, with its short label (起/终), pinned by a corner: the start up-left of its
 * point, the end up-right, so both stay visible when a walk ends where it began (at the management house).
 */
export function endpointIcon(kind: 'start' | 'end', text: string): L.DivIcon {
  const flag = document.createElement('span');
  flag.className = `offline-map-endpoint offline-map-endpoint-${kind}`;
  flag.textContent = text;
  return L.divIcon({ className: `offline-map-track-${kind}`, html: flag, iconSize: [24, 24], iconAnchor: kind === 'start' ? [24, 24] : [0, 24] });
}

/** A photo taken on the way, as a small thumbnail at its position. */
export function photoIcon(url: string, title: string): L.DivIcon {
  const image = document.createElement('img');
  image.className = 'offline-map-photo';
  image.src = url;
  image.alt = title;
  return L.divIcon({ className: 'offline-map-track-photo', html: image, iconSize: [36, 36], iconAnchor: [18, 18] });
}
