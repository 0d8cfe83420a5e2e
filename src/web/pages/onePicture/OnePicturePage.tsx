/**
 * 水库一张图 (/one-picture/index; landing page of 316979 and 003189): the tenant's region on the offline map with
 * every reservoir coloured by state, the counts across the top, the reservoir list and the notice board on the
 * left, and on the right the chosen reservoir (levels, live figures, responsible persons, statistics, cameras) or,
 * with none chosen, this month's inspections. Figures refresh every minute.
 */
import { Spin } from 'antd';
import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { OfflineMap } from '../../map';
import { CountsBar } from './CountsBar';
import { InspectorPanel } from './InspectorPanel';
import { MapLegend } from './MapLegend';
import { NoticeBoard } from './NoticeBoard';
import { fetchAdCode, fetchInfoCount, fetchSafeDays, fetchStatisticList } from './onePictureApi';
import { ReservoirList } from './ReservoirList';
import { ReservoirPanel } from './ReservoirPanel';
import { reservoirMarkers } from './reservoirMarkers';
import './onePicture.css';

const REFRESH = { refreshInterval: 60_000, revalidateOnFocus: false };

export function OnePicturePage() {
  const [chosenId, setChosenId] = useState<string>();
  const counts = useSWR('op-counts', fetchInfoCount, REFRESH);
  const safeDays = useSWR('op-safe-days', () => fetchSafeDays(), REFRESH);
  const rows = useSWR('op-statistics', fetchStatisticList, REFRESH);
  const region = useSWR('op-ad-code', fetchAdCode, { revalidateOnFocus: false });
  const markers = useMemo(() => reservoirMarkers(rows.data ?? []), [rows.data]);
  const regionCodes = useMemo(() => (region.data?.adCode ? [region.data.adCode.slice(0, 6)] : undefined), [region.data]);

  return (
    <div className="op-page" data-testid="one-picture-page">
      <CountsBar counts={counts.data} safeDays={safeDays.data} />
      <div className="op-body">
        <div className="op-left">
          <ReservoirList rows={rows.data ?? []} chosenId={chosenId} onChoose={setChosenId} loading={rows.isLoading} />
          <NoticeBoard />
        </div>
        <div className="op-map" data-testid="op-map" data-marker-count={markers.length}>
          {rows.data ? (
            <OfflineMap regionCodes={regionCodes} markers={markers} onMarkerClick={setChosenId} fitTo="regions" height="100%">
              <MapLegend />
            </OfflineMap>
          ) : (
            <Spin className="shell-loading" />
          )}
        </div>
        <div className="op-right">
          {chosenId ? <ReservoirPanel key={chosenId} reservoirId={chosenId} onClose={() => setChosenId(undefined)} /> : <InspectorPanel />}
        </div>
      </div>
    </div>
  );
}
