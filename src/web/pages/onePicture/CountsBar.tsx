/** The counts across the top of the one-picture map: the caller's reservoirs, stations, cameras, open events, active warnings and safe days. */
import { Card, Statistic, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InfoCount, SafeDays } from './onePictureApi';

interface Props {
  counts: InfoCount | undefined;
  safeDays: SafeDays | undefined;
}

export function CountsBar({ counts, safeDays }: Props) {
  const { t } = useTranslation();
  const alarm = (value: number | undefined) => (value ? { color: '#cf1322' } : undefined);
  const items = [
    { key: 'reservoirs', value: counts?.reservoirCount },
    { key: 'stations', value: counts?.stationCount },
    { key: 'cameras', value: counts?.cameraCount },
    { key: 'openEvents', value: counts?.openEventCount, style: alarm(counts?.openEventCount) },
    { key: 'activeWarnings', value: counts?.activeWarningCount, style: alarm(counts?.activeWarningCount) },
  ];
  return (
    <div className="op-counts" data-testid="op-counts">
      {items.map((item) => (
        <Card key={item.key} size="small" className="op-count">
          <Statistic title={t(`onePicture.counts.${item.key}`)} value={item.value ?? '-'} valueStyle={item.style} data-testid={`op-count-${item.key}`} />
        </Card>
      ))}
      <Card size="small" className="op-count">
        <Tooltip title={safeDays?.since ? t('onePicture.counts.safeSince', { since: safeDays.since }) : undefined}>
          <Statistic
            title={t('onePicture.counts.safeDays')}
            value={safeDays?.days ?? '-'}
            suffix={t('onePicture.counts.unitDay')}
            valueStyle={{ color: '#389e0d' }}
            data-testid="op-count-safeDays"
          />
        </Tooltip>
      </Card>
    </div>
  );
}
