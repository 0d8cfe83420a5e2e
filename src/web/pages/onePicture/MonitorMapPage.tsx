/**
 * 监控地图 (/map/monitor, opened in a new window): every station of the caller's reservoirs on the offline map,
 * coloured by its active warnings (red for orange/red level, orange otherwise), green when it reported within
 * 48 hours, grey when silent; a popup gives the newest reading. Refreshes every minute. It fills its window
 * (MonitorMapWindow: no shell around it).
 */
import { Card, Table, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { MONITOR_ELEMENTS } from '../../../shared/monitorElements';
import { OfflineMap, type MapMarker } from '../../map';
import { STATE_COLOURS } from './mapColours';
import { fetchAdCode, fetchMapStations, type MapStation } from './onePictureApi';
import './onePicture.css';

const REFRESH_MS = 60_000;
const SILENT_AFTER_MS = 48 * 3600_000;
/** The whole window, on the console's page background (the shell's stylesheet is not loaded without the shell). */
const WINDOW_STYLE = { height: '100vh', padding: 16, boxSizing: 'border-box', background: 'var(--shell-layout-bg, #f0f2f5)' } as const;

function stationColour(station: MapStation, now: number): string {
  if (station.activeWarnings > 0) return (station.warningLevel ?? 0) >= 3 ? STATE_COLOURS.warningHigh : STATE_COLOURS.warning;
  const time = station.latest ? Date.parse(`${station.latest.time.replace(' ', 'T')}+08:00`) : NaN;
  return Number.isFinite(time) && now - time <= SILENT_AFTER_MS ? STATE_COLOURS.normal : STATE_COLOURS.offline;
}

/** Stations without their own place stand at their reservoir: fan those sharing a spot out on a small ring (about 150 m) so each can be clicked. */
function spreadOut(stations: MapStation[]): Map<string, { lat: number; lng: number }> {
  const bySpot = new Map<string, MapStation[]>();
  for (const station of stations) {
    if (station.latitude === null || station.longitude === null) continue;
    const spot = `${station.latitude},${station.longitude}`;
    bySpot.set(spot, [...(bySpot.get(spot) ?? []), station]);
  }
  const placed = new Map<string, { lat: number; lng: number }>();
  for (const group of bySpot.values()) {
    group.forEach((station, index) => {
      const angle = (2 * Math.PI * index) / group.length;
      const radius = group.length > 1 ? 0.0015 : 0;
      placed.set(station.id, { lat: Number(station.latitude) + radius * Math.sin(angle), lng: Number(station.longitude) + radius * Math.cos(angle) });
    });
  }
  return placed;
}

function reading(station: MapStation): string | undefined {
  if (!station.latest) return undefined;
  const element = MONITOR_ELEMENTS.find((candidate) => candidate.key === station.latest!.element);
  return `${station.latest.value.toFixed(element?.decimals ?? 2)} ${element?.unit ?? ''}`.trim();
}

function StationPopup({ station }: { station: MapStation }) {
  const { t } = useTranslation();
  return (
    <div data-testid="map-station-popup">
      <Typography.Text strong>{station.stationName}</Typography.Text>
      <div>
        {t('mapViews.reservoir')}: {station.reservoirName}
      </div>
      {station.latest ? (
        <div>
          {t(`mapViews.element${station.latest.element}`)} {reading(station)} · {station.latest.time.slice(5, 16)}
        </div>
      ) : (
        <div>{t('mapViews.noReading')}</div>
      )}
      <div>{station.activeWarnings > 0 ? t('mapViews.warnings', { count: station.activeWarnings }) : t('mapViews.noWarning')}</div>
    </div>
  );
}

export function MonitorMapPage() {
  const { t } = useTranslation();
  // The fetch time stamps each answer: a station's silence is judged against the moment it was read.
  const answer = useSWR('map-stations', async () => ({ rows: await fetchMapStations(), readAt: Date.now() }), {
    refreshInterval: REFRESH_MS,
    revalidateOnFocus: false,
  });
  const region = useSWR('map-ad-code', fetchAdCode, { revalidateOnFocus: false });
  const stations = { data: answer.data?.rows, isLoading: answer.isLoading };
  const now = answer.data?.readAt ?? 0;
  const markers = useMemo<MapMarker[]>(() => {
    const rows = answer.data?.rows ?? [];
    const places = spreadOut(rows);
    return rows
      .filter((s) => places.has(s.id))
      .map((s) => ({
        id: s.id,
        ...places.get(s.id)!,
        label: s.stationName,
        color: stationColour(s, now),
        status: s.activeWarnings > 0 ? 'warning' : 'normal',
        popup: <StationPopup station={s} />,
      }));
  }, [answer.data, now]);
  const sorted = useMemo(() => [...(answer.data?.rows ?? [])].sort((a, b) => b.activeWarnings - a.activeWarnings), [answer.data]);
  return (
    <div className="op-page" style={WINDOW_STYLE} data-testid="map-monitor-page">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('mapViews.monitorTitle')}
      </Typography.Title>
      <div className="op-view-body">
        <div className="op-map" data-testid="op-map" data-marker-count={markers.length}>
          {stations.data && (
            <OfflineMap regionCodes={region.data?.adCode ? [region.data.adCode.slice(0, 6)] : undefined} markers={markers} fitTo="markers" height="100%" />
          )}
        </div>
        <div className="op-view-side">
          <Card size="small" title={t('mapViews.stations')}>
            <Table<MapStation>
              size="small"
              rowKey="id"
              pagination={{ pageSize: 20, size: 'small' }}
              loading={stations.isLoading}
              dataSource={sorted}
              columns={[
                { title: t('mapViews.station'), dataIndex: 'stationName' },
                { title: t('mapViews.latest'), key: 'latest', render: (_, s) => reading(s) ?? '-' },
                {
                  title: t('mapViews.activeWarnings'),
                  dataIndex: 'activeWarnings',
                  align: 'right',
                  render: (n: number) => (n > 0 ? <Tag color="red">{n}</Tag> : 0),
                },
              ]}
            />
          </Card>
        </div>
      </div>
    </div>
  );
}
