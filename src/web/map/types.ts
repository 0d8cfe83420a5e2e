/** What the offline map draws: markers (reservoirs, cameras, stations) and tracks (GPS trails of patrols and records). */
import type { ReactNode } from 'react';

export type MarkerStatus = 'normal' | 'warning' | 'event' | 'offline';

export interface MapMarker {
  id: string;
  lat: number;
  lng: number;
  label?: string;
  /** Any CSS colour; wins over the status colour. */
  color?: string;
  status?: MarkerStatus;
  popup?: ReactNode | string;
}

export interface TrackPoint {
  lat: number;
  lng: number;
  time?: string;
}

export interface TrackPhoto {
  lat: number;
  lng: number;
  url: string;
  title?: string;
}

export interface MapTrack {
  id: string;
  points: TrackPoint[];
  color?: string;
  startLabel?: string;
  endLabel?: string;
  photos?: TrackPhoto[];
}

export type MapFit = 'regions' | 'markers' | 'tracks';

export interface OfflineMapProps {
  /** Region codes whose outlines are drawn: 2-digit province, 4-digit city, 6-digit county. */
  regionCodes?: string[];
  markers?: MapMarker[];
  tracks?: MapTrack[];
  height?: number | string;
  onMarkerClick?: (id: string) => void;
  /** What the view fits on first draw; by default tracks, else markers, else regions. Regions whose outline is not shipped fall back to the markers. */
  fitTo?: MapFit;
  theme?: 'light' | 'dark';
  /** Drawn over the map (legends, panels). */
  children?: ReactNode;
}

export interface TrackMapProps {
  points: TrackPoint[];
  photos?: TrackPhoto[];
  height?: number | string;
}
