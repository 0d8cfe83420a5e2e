/** The river screen's map: the rivers' centre lines, the latest problems and the cameras along them. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { OfflineMap, type MapMarker, type MapTrack } from '../../map';
import type { RiverCamera, RiverProblem, RiverStatistics } from './riverScreenData';

const LEVEL_COLORS: Record<number, string> = { 1: '#f2637b', 2: '#fbd437', 3: '#3ba0ff', 4: '#36cbcb', 5: '#4ecb73' };

export function RiverMap({ data, problems, cameras }: { data?: RiverStatistics; problems?: RiverProblem[]; cameras?: RiverCamera[] }) {
  const { t } = useTranslation();
  const tracks = useMemo<MapTrack[]>(
    () =>
      (data?.riverLines ?? [])
        .filter((river) => river.centreLine.length >= 2)
        .map((river) => ({
          id: river.id,
          color: LEVEL_COLORS[river.level] ?? '#3ba0ff',
          points: river.centreLine.map(([lng, lat]) => ({ lng, lat })),
          startLabel: t('riverScreen.upstream', { name: river.name }),
          endLabel: t('riverScreen.downstream', { name: river.name }),
        })),
    [data, t],
  );
  const markers = useMemo<MapMarker[]>(
    () => [
      ...(problems ?? [])
        .filter((p) => p.lng !== null && p.lat !== null)
        .map((p) => ({
          id: `problem-${p.id}`,
          lng: p.lng!,
          lat: p.lat!,
          status: p.eventStatus === 4 ? ('normal' as const) : ('event' as const),
          label: `${p.typeLabel ?? ''} ${p.riverName ?? ''}`,
          popup: `${p.typeLabel ?? ''}：${p.description ?? ''}（${p.foundTime}）`,
        })),
      ...(cameras ?? [])
        .filter((c) => c.longitude !== null && c.latitude !== null)
        .map((c) => ({
          id: `camera-${c.id}`,
          lng: c.longitude!,
          lat: c.latitude!,
          status: c.onlineStatus === 1 ? ('normal' as const) : ('offline' as const),
          label: c.name,
        })),
    ],
    [problems, cameras],
  );
  const regionCodes = useMemo(() => [...new Set((data?.riverLines ?? []).flatMap((river) => (river.regionCode ? [river.regionCode] : [])))], [data]);
  return <OfflineMap theme="dark" regionCodes={regionCodes} tracks={tracks} markers={markers} fitTo="regions" height="100%" />;
}
