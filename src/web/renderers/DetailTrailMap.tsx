/** The trail of a record's detail page on the offline map (DetailChildList, view track), loaded with the first trail shown. */
import { useMemo } from 'react';
import { TrackMap } from '../map';
import { positionedPhotosOf, trackPointsOf } from '../map/trackRows';
import type { EntityRecord } from './entityApi';

export default function DetailTrailMap({ rows, record }: { rows: EntityRecord[]; record: EntityRecord }) {
  const points = useMemo(() => trackPointsOf(rows), [rows]);
  const photos = useMemo(() => positionedPhotosOf(record), [record]);
  return <TrackMap points={points} photos={photos} height={460} />;
}
