/** The colour legend drawn over the map. */
import { useTranslation } from 'react-i18next';
import { LEGEND_ORDER, STATE_COLOURS } from './mapColours';

export function MapLegend() {
  const { t } = useTranslation();
  return (
    <div className="op-legend" data-testid="op-legend">
      {LEGEND_ORDER.map((key) => (
        <div key={key} className="op-legend-row">
          <span className="op-dot" style={{ background: STATE_COLOURS[key] }} />
          {t(`onePicture.legend.${key}`)}
        </div>
      ))}
    </div>
  );
}
