/** The reservoirs: counts with a donut by scale, and the map coloured by state. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { OfflineMap, type MapMarker } from '../../../map';
import { ScreenChart } from '../../../screens/ScreenChart';
import { ScreenPanel } from '../../../screens/ScreenPanel';
import { ScreenStat } from '../../../screens/ScreenStat';
import { useReservoirs } from './inspectionData';

/** The map's marker colours, as the legend shows them (inspectionScreen.css). */
const STATE_COLOURS = { normal: '#36e0a8', warning: '#ffb84d', event: '#ff4d4f' } as const;

export function ReservoirOverviewPanel() {
  const { t } = useTranslation();
  const data = useReservoirs();
  return (
    <ScreenPanel title={t('inspectionScreen.panels.reservoirs')} testId="inspection-reservoirs" flex={1.15}>
      <div className="inspection-panel-split">
        <div className="inspection-stat-column">
          <ScreenStat
            label={t('inspectionScreen.stats.reservoirs')}
            value={data?.total}
            unit={t('inspectionScreen.units.reservoirs')}
            testId="stat-reservoirs"
          />
          <ScreenStat label={t('inspectionScreen.stats.important')} value={data?.important} unit={t('inspectionScreen.units.reservoirs')} color="#ffb84d" />
        </div>
        <div className="inspection-chart-cell">
          <ScreenChart
            kind="pie"
            testId="chart-reservoir-scale"
            options={{
              data: data?.byScale ?? [],
              angleField: 'count',
              colorField: 'label',
              radius: 0.95,
              innerRadius: 0.62,
              label: { type: 'inner', offset: '-50%', content: '{value}', style: { fontSize: 14, fill: '#fff' } },
              legend: { position: 'bottom', itemName: { style: { fill: '#a9c4ea', fontSize: 13 } } },
              statistic: { title: false, content: { style: { color: '#e8f3ff', fontSize: '22px' }, content: t('inspectionScreen.stats.byScale') } },
            }}
          />
        </div>
      </div>
    </ScreenPanel>
  );
}

export function ReservoirMapPanel() {
  const { t } = useTranslation();
  const data = useReservoirs();
  const markers = useMemo<MapMarker[]>(
    () =>
      (data?.points ?? []).flatMap((point) =>
        point.lat !== null && point.lng !== null
          ? [
              {
                id: point.id,
                lat: point.lat,
                lng: point.lng,
                label: point.name,
                status: point.state,
                color: STATE_COLOURS[point.state],
                popup: `${point.name} · ${t(`inspectionScreen.states.${point.state}`)}`,
              },
            ]
          : [],
      ),
    [data, t],
  );
  return (
    <ScreenPanel title={t('inspectionScreen.panels.map')} testId="inspection-map" flex={1}>
      {data ? (
        <OfflineMap regionCodes={data.regionCodes} markers={markers} fitTo={markers.length > 0 ? 'markers' : 'regions'} theme="dark" height="100%">
          <div className="inspection-map-legend">
            {(['normal', 'warning', 'event'] as const).map((state) => (
              <span key={state} className={`inspection-legend-item inspection-legend-${state}`}>
                {t(`inspectionScreen.states.${state}`)} {data.points.filter((p) => p.state === state).length}
              </span>
            ))}
          </div>
        </OfflineMap>
      ) : null}
    </ScreenPanel>
  );
}
