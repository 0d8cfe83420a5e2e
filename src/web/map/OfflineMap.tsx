/**
 * The offline map for every page that shows places (one-picture, river
 * patrol, big screens, record trails). Leaflet and the map's strings load
 * with the first map shown, never with the sign-in page; a placeholder of
 * the same height holds the space meanwhile.
 */
import { lazy, Suspense } from 'react';
import { withAreaStrings } from '../router/areaPage';
import type { OfflineMapProps } from './types';

const LeafletMap = lazy(() =>
  withAreaStrings(
    () => import('../i18n/areas/map'),
    () => import('./LeafletMap').then((module) => module.LeafletMap),
  ),
);

export function OfflineMap(props: OfflineMapProps) {
  const height = props.height ?? 400;
  return (
    <Suspense fallback={<div className={`offline-map offline-map-${props.theme ?? 'light'}`} style={{ height }} data-testid="offline-map-loading" />}>
      <LeafletMap {...props} />
    </Suspense>
  );
}

export default OfflineMap;
