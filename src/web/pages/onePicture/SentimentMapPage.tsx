/**
 * 公众舆情 map views (business-domain §2 "Map routes"). Province view (/map/province): the counties of the caller's
 * city or province outlined, one marker per county at the middle of its reservoirs, and the counts per county.
 * County view (/map/county): the caller's county with its reservoirs coloured by state and its open events.
 * Which view a user gets is the menu's choice (router/menuRoutes.ts publicSentimentView; the server's getAdCode
 * answers the same rule and the region the view draws).
 */
import { Card, Empty, List, Table, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { OfflineMap, type MapMarker } from '../../map';
import { MapLegend } from './MapLegend';
import { STATE_COLOURS } from './mapColours';
import { fetchAdCode, fetchMapEvents, fetchRegionCount, fetchRegionStatisticList, type RegionCount, type StatisticRow } from './onePictureApi';
import { reservoirMarkers } from './reservoirMarkers';
import './onePicture.css';

const REFRESH = { refreshInterval: 60_000, revalidateOnFocus: false };
const EVENT_STATUS_COLOURS: Record<number, string> = { 1: 'orange', 2: 'blue', 3: 'purple' };

/** A county's marker at the middle of its reservoirs, coloured by its worst state. */
function countyMarkers(counties: RegionCount[], reservoirs: StatisticRow[], label: (county: RegionCount) => string): MapMarker[] {
  return counties.flatMap((county) => {
    const placed = reservoirs.filter((r) => r.regionCode.startsWith(county.regionCode) && r.latitude !== null && r.longitude !== null);
    if (placed.length === 0) return [];
    const lat = placed.reduce((sum, r) => sum + Number(r.latitude), 0) / placed.length;
    const lng = placed.reduce((sum, r) => sum + Number(r.longitude), 0) / placed.length;
    const colour = county.activeWarnings > 0 ? STATE_COLOURS.warning : county.openEvents > 0 ? STATE_COLOURS.event : STATE_COLOURS.normal;
    return [{ id: county.regionCode, lat, lng, label: label(county), color: colour, status: county.activeWarnings > 0 ? 'warning' : 'normal' }];
  });
}

function ProvinceSide({ counties }: { counties: RegionCount[] }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('mapViews.county')} data-testid="map-county-counts">
      <Table<RegionCount>
        size="small"
        rowKey="regionCode"
        pagination={false}
        dataSource={counties}
        columns={[
          { title: t('mapViews.county'), dataIndex: 'regionName' },
          { title: t('mapViews.reservoirs'), dataIndex: 'reservoirCount', align: 'right' },
          { title: t('mapViews.openEvents'), dataIndex: 'openEvents', align: 'right' },
          { title: t('mapViews.activeWarnings'), dataIndex: 'activeWarnings', align: 'right' },
        ]}
      />
    </Card>
  );
}

function CountySide({ regionCode }: { regionCode: string }) {
  const { t } = useTranslation();
  const events = useSWR(['map-events', regionCode], () => fetchMapEvents(regionCode), REFRESH);
  return (
    <Card size="small" title={t('mapViews.events')} data-testid="map-county-events">
      <List
        size="small"
        loading={events.isLoading}
        dataSource={events.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mapViews.noEvents')} /> }}
        renderItem={(event) => (
          <List.Item data-testid="map-event">
            <List.Item.Meta
              title={
                <span>
                  {event.title} <Tag color={EVENT_STATUS_COLOURS[event.status]}>{t(`mapViews.status${event.status}`)}</Tag>
                </span>
              }
              description={t('mapViews.eventAt', { reservoir: event.reservoirName, time: event.createTime.slice(0, 16) })}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

export function SentimentMapPage({ view }: { view: 'province' | 'county' }) {
  const { t } = useTranslation();
  const region = useSWR('map-ad-code', fetchAdCode, { revalidateOnFocus: false });
  const mapCode = view === 'province' ? region.data?.mapCode : region.data?.adCode.slice(0, 6);
  const counties = useSWR(mapCode !== undefined ? ['map-region-count', mapCode] : null, () => fetchRegionCount(mapCode || undefined), REFRESH);
  const reservoirs = useSWR(mapCode !== undefined ? ['map-reservoirs', mapCode] : null, () => fetchRegionStatisticList(mapCode || undefined), REFRESH);
  const markers = useMemo(
    () =>
      view === 'province'
        ? countyMarkers(counties.data ?? [], reservoirs.data ?? [], (c) => `${c.regionName} · ${t('mapViews.reservoirs')} ${c.reservoirCount}`)
        : reservoirMarkers(reservoirs.data ?? []),
    [view, counties.data, reservoirs.data, t],
  );
  const regionName = (view === 'province' ? region.data?.mapName : region.data?.name) ?? '';
  return (
    <div className="op-page" data-testid={`map-${view}-page`}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t(view === 'province' ? 'mapViews.provinceTitle' : 'mapViews.countyTitle', { region: regionName })}
      </Typography.Title>
      <div className="op-view-body">
        <div className="op-map" data-testid="op-map" data-marker-count={markers.length}>
          {mapCode !== undefined && (
            <OfflineMap regionCodes={mapCode ? [mapCode] : undefined} markers={markers} fitTo="regions" height="100%">
              {view === 'county' && <MapLegend />}
            </OfflineMap>
          )}
        </div>
        <div className="op-view-side">
          {view === 'province' ? <ProvinceSide counties={counties.data ?? []} /> : mapCode !== undefined && <CountySide regionCode={mapCode} />}
        </div>
      </div>
    </div>
  );
}
