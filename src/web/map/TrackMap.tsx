/** One GPS trail on the offline map: the walked line, its start and end, photos at the places they were taken. */
import { useMemo } from 'react';
import { OfflineMap } from './OfflineMap';
import type { TrackMapProps } from './types';

export function TrackMap({ points, photos, height = 420 }: TrackMapProps) {
  const tracks = useMemo(() => [{ id: 'track', points, photos }], [points, photos]);
  return <OfflineMap tracks={tracks} height={height} fitTo="tracks" />;
}

export default TrackMap;
