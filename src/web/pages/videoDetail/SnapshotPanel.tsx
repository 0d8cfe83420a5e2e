/**
 * 抓拍: asks the camera's platform for a picture of what it sees now (a JPEG
 * as a data URL), shows it and offers it for download under its file name.
 */
import { CameraOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Image, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { takeSnapshot, type Snapshot } from './videoDetailApi';

export function SnapshotPanel({ cameraId }: { cameraId: string }) {
  const { t } = useTranslation();
  const [shot, setShot] = useState<Snapshot>();
  const [busy, setBusy] = useState(false);

  const take = async () => {
    setBusy(true);
    try {
      setShot(await takeSnapshot(cameraId));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      size="small"
      title={t('video.detail.snapshot.title')}
      data-testid="snapshot-panel"
      extra={
        <Space>
          <Button size="small" type="primary" icon={<CameraOutlined />} loading={busy} data-testid="snapshot-take" onClick={() => void take()}>
            {t('video.detail.snapshot.take')}
          </Button>
          {shot && (
            <Button size="small" icon={<DownloadOutlined />} href={shot.image} download={shot.fileName} data-testid="snapshot-download">
              {t('video.detail.snapshot.download')}
            </Button>
          )}
        </Space>
      }
    >
      {shot ? (
        <div className="vd-snapshot">
          <Image src={shot.image} alt={shot.fileName} data-testid="snapshot-image" width="100%" />
          <Typography.Text type="secondary">{t('video.detail.snapshot.takenAt', { time: dayjs(shot.takenAt).format('YYYY-MM-DD HH:mm:ss') })}</Typography.Text>
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('video.detail.snapshot.empty')} />
      )}
    </Card>
  );
}
