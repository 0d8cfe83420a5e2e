/** The reservoirs: counts with a donut by scale, and the map coloured by state. */
import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { OfflineMap, type MapMarker } from '../../../map';
import { RESERVOIR_STATE_COLOURS, reservoirStateOf } from '../../../map/reservoirState';
import { ScreenChart } from '../../../screens/ScreenChart';
import { ScreenPanel } from '../../../screens/ScreenPanel';
import { ScreenStat } from '../../../screens/ScreenStat';
import { useReservoirs } from './inspectionData';

type PointState = 'normal' | 'warning' | 'event';

/** The screen's states in the palette every reservoir map shares (warnings outrank events; the server decides which). */
const colourOf = (state: PointState) => RESERVOIR_STATE_COLOURS[reservoirStateOf({ warning: state === 'warning', event: state === 'event' })];

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
              statistic: { title: false, content: { style: { color: '#e8f3ff', fontSize: '16px' }, content: t('inspectionScreen.stats.byScale') } },
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
                color: colourOf(point.state),
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
            {(['warning', 'event', 'normal'] as const).map((state) => (
              <span key={state} className="inspection-legend-item" style={{ '--state-colour': colourOf(state) } as CSSProperties}>
                {t(`inspectionScreen.states.${state}`)} {data.points.filter((p) => p.state === state).length}
              </span>
            ))}
          </div>
        </OfflineMap>
      ) : null}
    </ScreenPanel>
  );
}
