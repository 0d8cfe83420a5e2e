/**
 * 视频详情 (/monitor/video/detail?id=…, menu video_detail), opened from a
 * picture of the video wall: the camera's live picture, the PTZ pad (button
 * video_monitor_control), snapshots, the camera's particulars and its latest
 * AI alarms. Every call goes to the camera's platform adapter on the server.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Col, Descriptions, Empty, List, Result, Row, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { dictionaryLabel } from '../../renderers/cellText';
import { useDictionaries } from '../../renderers/useDictionaries';
import { sessionStore } from '../../stores/sessionStore';
import { LivePlayer, type PlayerState } from '../videoForApp/LivePlayer';
import '../videoForApp/videoForApp.css';
import { fetchCameraTree, fetchLiveAddress } from '../videoMonitor/videoMonitorApi';
import { PtzPad } from './PtzPad';
import { SnapshotPanel } from './SnapshotPanel';
import { fetchCamera, fetchCameraAlarms, fetchPtzState, type CameraDetail } from './videoDetailApi';
import './videoDetail.css';

const ONCE = { revalidateOnFocus: false };

function useLivePicture(cameraId: string): PlayerState {
  const { data, error } = useSWR(['live-address', cameraId], () => fetchLiveAddress(cameraId), ONCE);
  if (error) return { kind: 'failed', message: error instanceof Error ? error.message : undefined };
  return data ? { kind: 'ready', live: data } : { kind: 'loading' };
}

function CameraInfo({ camera, platform, protocol }: { camera: CameraDetail; platform?: string; protocol?: string | null }) {
  const { t } = useTranslation();
  const dictionaries = useDictionaries(['camera_position']);
  const { data: tree = [] } = useSWR('video-camera-tree', fetchCameraTree, ONCE);
  const reservoir = tree.find((node) => node.id === camera.reservoirId)?.title;
  const online = Number(camera.onlineStatus) === 1;
  return (
    <Card size="small" title={t('video.detail.info')} data-testid="camera-info">
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('video.detail.name')}>{camera.name}</Descriptions.Item>
        <Descriptions.Item label={t('video.detail.reservoir')}>{reservoir ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('video.detail.position')}>{dictionaryLabel(dictionaries.camera_position, camera.position) ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('video.detail.status')}>
          <Tag color={online ? 'success' : 'default'}>{t(online ? 'video.detail.online' : 'video.detail.offline')}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('video.detail.serial')}>{camera.deviceSerial || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('video.detail.platform')}>{platform ? t(`video.detail.platforms.${platform}`) : '-'}</Descriptions.Item>
        <Descriptions.Item label={t('video.detail.ptzSupported')}>{t(Number(camera.ptz) === 1 ? 'video.detail.yes' : 'video.detail.no')}</Descriptions.Item>
        <Descriptions.Item label={t('video.detail.protocol')}>{protocol ? protocol.toUpperCase() : '-'}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function CameraAlarms({ cameraId }: { cameraId: string }) {
  const { t } = useTranslation();
  const dictionaries = useDictionaries(['ai_alarm_type', 'camera_warning_status']);
  const { data } = useSWR(['camera-alarms', cameraId], () => fetchCameraAlarms(cameraId), ONCE);
  const alarms = data?.records ?? [];
  return (
    <Card
      size="small"
      title={t('video.detail.alarms.title')}
      data-testid="camera-alarms"
      extra={<Link to="/monitor/video/historyWarning">{t('video.detail.alarms.more')}</Link>}
    >
      {alarms.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('video.detail.alarms.empty')} />
      ) : (
        <List
          size="small"
          dataSource={alarms}
          renderItem={(alarm) => (
            <List.Item data-testid="camera-alarm">
              <Space wrap>
                <Typography.Text>{alarm.alarmTime}</Typography.Text>
                <Tag color="orange">{dictionaryLabel(dictionaries.ai_alarm_type, alarm.alarmType) ?? alarm.alarmType}</Tag>
                <Tag>{dictionaryLabel(dictionaries.camera_warning_status, alarm.handleStatus) ?? alarm.handleStatus}</Tag>
                <Typography.Text type="secondary">{alarm.description}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

function CameraDetailBody({ cameraId }: { cameraId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: camera, error } = useSWR(['camera-detail', cameraId], () => fetchCamera(cameraId), ONCE);
  const { data: ptz, mutate } = useSWR(['camera-ptz', cameraId], () => fetchPtzState(cameraId), ONCE);
  const picture = useLivePicture(cameraId);
  if (error) return <Result status="404" title={t('video.detail.notFound')} />;
  const back = (
    <Button icon={<ArrowLeftOutlined />} data-testid="video-detail-back" onClick={() => navigate('/monitor/video/index')}>
      {t('video.detail.back')}
    </Button>
  );
  return (
    <Card title={camera?.name ?? t('video.detail.title')} extra={back} loading={!camera} data-testid="video-detail-page" data-camera-id={cameraId}>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space direction="vertical" size={16} className="vd-side">
            <div className="vd-player">
              <LivePlayer state={picture} />
            </div>
            <CameraAlarms cameraId={cameraId} />
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <Space direction="vertical" size={16} className="vd-side">
            <PtzPad cameraId={cameraId} state={ptz} allowed={!!sessionStore.permission.video_monitor_control} onMoved={() => void mutate()} />
            <SnapshotPanel cameraId={cameraId} />
            {camera && <CameraInfo camera={camera} platform={ptz?.platform} protocol={picture.kind === 'ready' ? picture.live.protocol : undefined} />}
          </Space>
        </Col>
      </Row>
    </Card>
  );
}

export function VideoDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  if (!id || !/^\d{1,20}$/.test(id)) return <Result status="info" title={t('video.detail.noCamera')} data-testid="video-detail-empty" />;
  return <CameraDetailBody key={id} cameraId={id} />;
}
