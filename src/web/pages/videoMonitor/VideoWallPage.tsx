/**
 * 实时视频 (/monitor/video/index): the video wall. The reservoirs the user
 * may see with their cameras on the left; 1, 4, 9 or 16 pictures on the right.
 * When the tenant's rotation (轮巡) is on, the wall shows the saved cameras
 * group by group, moving on every interval; otherwise a camera chosen in the
 * tree plays on the wall. 轮巡设置 edits the rotation (button camera_polling).
 * A picture's 详情 button (or a double click on it) opens the camera's detail
 * page (/monitor/video/detail?id=…: PTZ, snapshots, alarms).
 */
import { ExpandOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Segmented, Space, Tag, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { sessionStore } from '../../stores/sessionStore';
import { LivePlayer, type PlayerState } from '../videoForApp/LivePlayer';
import '../videoForApp/videoForApp.css';
import { PollingSettingsDialog } from './PollingSettingsDialog';
import { rotationView, withChosen } from './rotation';
import { fetchCameraTree, fetchLiveAddress, fetchPollingParams, type PollingParams } from './videoMonitorApi';
import './videoMonitor.css';

type Split = PollingParams['split'];

const SPLITS: Split[] = [1, 4, 9, 16];

export const detailPath = (cameraId: string) => `/monitor/video/detail?id=${encodeURIComponent(cameraId)}`;

function WallCell({ cameraId, name }: { cameraId?: string; name?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, error } = useSWR(cameraId ? ['live-address', cameraId] : null, () => fetchLiveAddress(cameraId!), { revalidateOnFocus: false });
  if (!cameraId)
    return (
      <div className="vm-cell vm-cell-empty" data-testid="wall-cell">
        {t('videoMonitor.wall.emptyTile')}
      </div>
    );
  const state: PlayerState = error
    ? { kind: 'failed', message: error instanceof Error ? error.message : undefined }
    : data
      ? { kind: 'ready', live: data }
      : { kind: 'loading' };
  return (
    <div className="vm-cell" data-testid="wall-cell" data-camera-id={cameraId} onDoubleClick={() => navigate(detailPath(cameraId))}>
      <LivePlayer state={state} cameraName={name} />
      <Button
        className="vm-cell-detail"
        size="small"
        icon={<ExpandOutlined />}
        data-testid="wall-cell-detail"
        title={t('video.wall.details')}
        onClick={() => navigate(detailPath(cameraId))}
      >
        {t('video.wall.details')}
      </Button>
    </div>
  );
}

/** Ticks every interval while the rotation is on; starts again from the first group when the settings change. */
function useRotationTick(params: PollingParams | undefined): number {
  const seconds = params?.enabled ? params.intervalSeconds : 0;
  const key = JSON.stringify(params ?? null);
  const [counter, setCounter] = useState({ key, tick: 0 });
  useEffect(() => {
    if (!seconds) return;
    const timer = setInterval(() => setCounter((c) => ({ key, tick: (c.key === key ? c.tick : 0) + 1 })), seconds * 1000);
    return () => clearInterval(timer);
  }, [key, seconds]);
  return counter.key === key ? counter.tick : 0;
}

export function VideoWallPage() {
  const { t } = useTranslation();
  const { data: tree = [] } = useSWR('video-camera-tree', fetchCameraTree, { revalidateOnFocus: false });
  const { data: params, mutate } = useSWR('video-polling-params', fetchPollingParams, { revalidateOnFocus: false });
  const [split, setSplit] = useState<Split>(4);
  const [chosen, setChosen] = useState<string[]>([]);
  const [editing, setEditing] = useState(false);
  const tick = useRotationTick(params);
  const names = useMemo(() => new Map(tree.flatMap((r) => (r.children ?? []).map((c) => [c.id, `${r.title} · ${c.title}`] as const))), [tree]);
  const rotating = !!params?.enabled && params.cameraIds.length > 0;
  const wallSplit: Split = rotating ? params.split : split;
  const view = rotating ? rotationView(params.cameraIds, params.split, tick) : undefined;
  // Before anything is chosen the wall shows the first cameras of the tree, so it is never a blank screen.
  const manual = chosen.length > 0 ? chosen : [...names.keys()].slice(0, split);
  const shown = view ? view.cameraIds : manual;
  const cells = Array.from({ length: wallSplit }, (_, i) => shown[i]);

  return (
    <Card data-testid="video-wall-page">
      <div className="vm-wall">
        <div className="vm-wall-tree">
          {tree.length === 0 ? (
            <Empty description={t('videoMonitor.wall.noCameras')} />
          ) : (
            <Tree
              data-testid="wall-tree"
              defaultExpandAll
              treeData={tree.map((r) => ({
                key: r.id,
                title: r.title,
                selectable: false,
                children: (r.children ?? []).map((c) => ({ key: c.id, title: c.title })),
              }))}
              onSelect={([key]) => key && !rotating && setChosen(withChosen(manual, String(key), split))}
            />
          )}
        </div>
        <div className="vm-wall-main">
          <div className="vm-wall-bar">
            <Space>
              <Segmented<Split>
                data-testid="wall-split"
                value={wallSplit}
                disabled={rotating}
                onChange={setSplit}
                options={SPLITS.map((n) => ({ value: n, label: t('videoMonitor.polling.pictures', { count: n }) }))}
              />
              {rotating ? (
                <Tag color="processing" data-testid="wall-rotation">
                  {t('videoMonitor.wall.rotating', { seconds: params.intervalSeconds, group: view!.group, groups: view!.groups })}
                </Tag>
              ) : (
                <Tag data-testid="wall-rotation">{t('videoMonitor.wall.manual')}</Tag>
              )}
            </Space>
            {sessionStore.permission.camera_polling && params && (
              <Button icon={<SettingOutlined />} data-testid="polling-settings" onClick={() => setEditing(true)}>
                {t('videoMonitor.polling.button')}
              </Button>
            )}
          </div>
          <div className={`vm-grid vm-grid-${wallSplit}`} data-testid="wall-grid">
            {cells.map((cameraId, index) => (
              <WallCell key={`${index}:${cameraId ?? ''}`} cameraId={cameraId} name={cameraId ? names.get(cameraId) : undefined} />
            ))}
          </div>
        </div>
      </div>
      {editing && params && (
        <PollingSettingsDialog
          params={params}
          tree={tree}
          onDone={(saved) => {
            setEditing(false);
            if (saved) void mutate(saved, { revalidate: false });
          }}
        />
      )}
    </Card>
  );
}
