/**
 * The chosen reservoir's cameras; 播放 opens the live picture in a dialog through the LivePlayer of the app's
 * video page (its live address from the camera register's viewLife).
 */
import { PlayCircleOutlined } from '@ant-design/icons';
import { Button, Empty, List, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LivePlayer, type PlayerState } from '../videoForApp/LivePlayer';
import '../videoForApp/videoForApp.css';
import { fetchLiveAddress, type PanelCamera } from './onePictureApi';

export function CameraList({ cameras }: { cameras: PanelCamera[] }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState<PanelCamera>();
  const [state, setState] = useState<PlayerState>({ kind: 'idle' });
  const play = (camera: PanelCamera) => {
    setPlaying(camera);
    setState({ kind: 'loading' });
    fetchLiveAddress(camera.id).then(
      (live) => setState({ kind: 'ready', live }),
      (error: unknown) => setState({ kind: 'failed', message: error instanceof Error ? error.message : undefined }),
    );
  };
  if (cameras.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('onePicture.panel.noCameras')} />;
  return (
    <>
      <List
        size="small"
        dataSource={cameras}
        renderItem={(camera) => (
          <List.Item
            data-testid="op-camera"
            actions={[
              <Button key="play" size="small" type="link" icon={<PlayCircleOutlined />} onClick={() => play(camera)} data-testid="op-camera-play">
                {t('onePicture.panel.play')}
              </Button>,
            ]}
          >
            <span>{camera.name}</span>
            <Tag color={camera.onlineStatus === 1 ? 'green' : 'default'} className="op-camera-tag">
              {camera.onlineStatus === 1 ? t('onePicture.panel.online') : t('onePicture.panel.offline')}
            </Tag>
          </List.Item>
        )}
      />
      <Modal open={!!playing} title={playing?.name} footer={null} width={720} destroyOnHidden onCancel={() => setPlaying(undefined)}>
        {playing && <LivePlayer state={state} cameraName={playing.name} />}
      </Modal>
    </>
  );
}
