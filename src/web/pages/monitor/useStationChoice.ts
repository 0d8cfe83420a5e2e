/**
 * The query bar's choices of a family page: the family's stations (station
 * register, monitorType of the family) with their reservoirs' names, the
 * chosen reservoir and station (until the user chooses: ?stationId= from a
 * link, else the station that reported last, else the first) and the time
 * range (the last 7 days by default).
 */
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { familyInfo, type MonitorFamily } from '../../../shared/monitorElements';
import { fetchLatest, fetchReservoirs, fetchStations, type StationOption } from './monitorApi';
import { quickRange, stationNow, type QuickRange } from './monitorChartData';

export interface StationChoice {
  stations: (StationOption & { reservoirName: string })[];
  reservoirs: { id: string; name: string }[];
  reservoirId: string | undefined;
  setReservoirId: (id: string | undefined) => void;
  stationId: string | undefined;
  setStationId: (id: string | undefined) => void;
  station: (StationOption & { reservoirName: string }) | undefined;
  range: [string, string];
  setRange: (range: [string, string]) => void;
  quick: QuickRange | undefined;
  setQuick: (quick: QuickRange) => void;
  isLoading: boolean;
}

export function useStationChoice(family: MonitorFamily): StationChoice {
  const [params] = useSearchParams();
  const { monitorType } = familyInfo(family);
  const { data: stationRows, isLoading } = useSWR(['monitor-stations', monitorType], () => fetchStations(monitorType), { revalidateOnFocus: false });
  const { data: reservoirRows } = useSWR('monitor-reservoirs', fetchReservoirs, { revalidateOnFocus: false });
  const { data: latestRows } = useSWR(['monitor-latest', family, 'all'], () => fetchLatest(family, undefined, true).catch(() => []), {
    revalidateOnFocus: false,
  });
  const stations = useMemo(() => {
    const names = new Map((reservoirRows ?? []).map((row) => [String(row.id), row.name]));
    return (stationRows ?? [])
      .map((row) => ({ ...row, id: String(row.id), reservoirId: String(row.reservoirId), reservoirName: names.get(String(row.reservoirId)) ?? '' }))
      .sort((a, b) => a.reservoirName.localeCompare(b.reservoirName, 'zh') || a.stationCode.localeCompare(b.stationCode));
  }, [stationRows, reservoirRows]);
  const reservoirs = useMemo(() => {
    const seen = new Map<string, string>();
    for (const station of stations) if (!seen.has(station.reservoirId)) seen.set(station.reservoirId, station.reservoirName || station.reservoirId);
    return [...seen.entries()].map(([id, name]) => ({ id, name }));
  }, [stations]);

  const [reservoirId, setReservoirId] = useState<string | undefined>();
  const [chosenStation, setStationId] = useState<string | undefined>(params.get('stationId') ?? undefined);
  const [quick, setQuickState] = useState<QuickRange | undefined>('days7');
  const [range, setRangeState] = useState<[string, string]>(() => quickRange('days7', stationNow()));

  const inReservoir = useMemo(() => stations.filter((station) => !reservoirId || station.reservoirId === reservoirId), [stations, reservoirId]);
  // Until the user chooses, the station of the chosen reservoir (or of all) that reported last is shown.
  const lastReported = useMemo(() => {
    const times = new Map((latestRows ?? []).map((row) => [String(row.stationId), row.latestTime ?? '']));
    return [...inReservoir].sort((a, b) => (times.get(b.id) ?? '').localeCompare(times.get(a.id) ?? ''))[0];
  }, [inReservoir, latestRows]);
  const station = stations.find((row) => row.id === chosenStation) ?? (chosenStation === undefined ? lastReported : undefined);

  return {
    stations,
    reservoirs,
    reservoirId,
    setReservoirId: (id) => {
      setReservoirId(id);
      // Another reservoir: its station that reported last, until the user chooses one.
      setStationId(undefined);
    },
    stationId: station?.id,
    setStationId,
    station,
    range,
    setRange: (next) => {
      setRangeState(next);
      setQuickState(undefined);
    },
    quick,
    setQuick: (next) => {
      setQuickState(next);
      setRangeState(quickRange(next, stationNow()));
    },
    isLoading,
  };
}
