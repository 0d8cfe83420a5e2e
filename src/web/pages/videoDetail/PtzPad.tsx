/**
 * The PTZ pad of the detail page: four directions around the centre, zoom and
 * focus pairs and the speed (1–7). Each click sends one step; the position
 * the platform answers (the demo platform's simulated head) is shown below.
 * Without the button video_monitor_control, or on a camera without a PTZ
 * head, the pad is shown disabled with the reason.
 */
import { ArrowDownOutlined, ArrowLeftOutlined, ArrowRightOutlined, ArrowUpOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { App, Button, Card, InputNumber, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PTZ_BUTTONS, sendPtz, type PtzState } from './videoDetailApi';

const ICONS: Record<string, ReactNode> = {
  up: <ArrowUpOutlined />,
  down: <ArrowDownOutlined />,
  left: <ArrowLeftOutlined />,
  right: <ArrowRightOutlined />,
  zoomIn: <ZoomInOutlined />,
  zoomOut: <ZoomOutOutlined />,
};

export function PtzPad({ cameraId, state, allowed, onMoved }: { cameraId: string; state?: PtzState; allowed: boolean; onMoved: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [speed, setSpeed] = useState(4);
  const [busy, setBusy] = useState<string>();
  const usable = allowed && !!state?.ptz;
  const reason = !state?.ptz ? t('video.detail.ptz.unsupported') : !allowed ? t('video.detail.ptz.noPermission') : undefined;

  const press = async (key: string) => {
    const button = PTZ_BUTTONS.find((b) => b.key === key)!;
    setBusy(key);
    try {
      await sendPtz(cameraId, button.call, button.body, speed);
      void message.success(t('video.detail.ptz.sent', { command: t(`video.detail.ptz.${key}`) }));
      onMoved();
    } finally {
      setBusy(undefined);
    }
  };
  const pad = (key: string) => (
    <Button
      key={key}
      className={`vd-ptz-${key}`}
      data-testid={`ptz-${key}`}
      icon={ICONS[key]}
      disabled={!usable}
      loading={busy === key}
      title={t(`video.detail.ptz.${key}`)}
      aria-label={t(`video.detail.ptz.${key}`)}
      onClick={() => void press(key)}
    >
      {ICONS[key] ? undefined : t(`video.detail.ptz.${key}`)}
    </Button>
  );
  const position = state?.position;

  return (
    <Card size="small" title={t('video.detail.ptz.title')} data-testid="ptz-pad">
      <div className="vd-ptz-grid">{['up', 'left', 'right', 'down'].map(pad)}</div>
      <Space className="vd-ptz-row" wrap>
        {pad('zoomIn')}
        {pad('zoomOut')}
        {pad('focusNear')}
        {pad('focusFar')}
      </Space>
      <Space className="vd-ptz-row">
        <span>{t('video.detail.ptz.speed')}</span>
        <InputNumber data-testid="ptz-speed" min={1} max={7} precision={0} value={speed} disabled={!usable} onChange={(v) => setSpeed(v ?? 4)} />
      </Space>
      {reason && <Typography.Text type="secondary">{reason}</Typography.Text>}
      {position && (
        <Typography.Paragraph className="vd-ptz-position" data-testid="ptz-position">
          {t('video.detail.ptz.position', { ...position })}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
