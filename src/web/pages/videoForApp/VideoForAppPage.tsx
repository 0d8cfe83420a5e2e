/**
 * /video-for-app: real-time monitoring for the mobile client (business-domain
 * §2; public, not gated by the console's guard). The app opens it with
 * `?token=<access token>&reservoirId=<id>[&cameraId=<id>][&lang=en]`: the
 * token authorises this page's own calls (Blade-Auth) and is kept in memory
 * only — the browser is not signed in to the console — and it leaves the
 * address bar at once. The page lists the reservoir's cameras (name,
 * position, online state) and plays the chosen one. Without a token, or with
 * one the server refuses, it says so on the whole page; it never offers the
 * sign-in page, which a user inside the app cannot use.
 */
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import VideoCameraOutlined from '@ant-design/icons/es/icons/VideoCameraOutlined';
import { Button, Result, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entryLabel } from '../../../shared/dictionaryLabel';
import { dropTokenFromAddress } from '../../api/launchToken';
import { showLanguage } from '../../i18n';
import { readLaunchParams } from './launchParams';
import { LivePlayer, type PlayerState } from './LivePlayer';
import { createVideoApi, errorCode, errorMessage, type CameraRow, type DictEntry } from './videoApi';
import './videoForApp.css';

type Stop = 'noToken' | 'noReservoir' | 'expired' | 'forbidden' | 'failed';

interface Loaded {
  reservoirName?: string;
  cameras: CameraRow[];
  positions: DictEntry[];
}

function labelOf(entries: DictEntry[], key: number | null | undefined, language: 'zh' | 'en'): string | undefined {
  if (key === null || key === undefined) return undefined;
  const entry = entries.find((e) => e.dictKey === String(key));
  return entry && entryLabel(entry, language);
}

function stopOf(error: unknown): Stop {
  const code = errorCode(error);
  if (code === 401) return 'expired';
  if (code === 403) return 'forbidden';
  return 'failed';
}

function FullPageMessage({ stop, onRetry }: { stop: Stop; onRetry: () => void }) {
  const { t } = useTranslation();
  const status = stop === 'failed' ? 'error' : stop === 'forbidden' ? '403' : 'warning';
  return (
    <div className="vfa-page vfa-stop" data-testid="vfa-message" data-stop={stop}>
      <Result
        status={status}
        title={t(`videoForApp.stop.${stop}.title`)}
        subTitle={t(`videoForApp.stop.${stop}.text`)}
        extra={
          stop === 'failed' ? (
            <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
              {t('videoForApp.retry')}
            </Button>
          ) : undefined
        }
      />
    </div>
  );
}

export function VideoForAppPage() {
  const { t, i18n } = useTranslation();
  const [launch] = useState(() => readLaunchParams(window.location.search));
  const language = launch.language;
  const api = useMemo(() => (launch.token ? createVideoApi(launch.token, () => language) : undefined), [launch.token, language]);
  const [stop, setStop] = useState<Stop | undefined>(!launch.token ? 'noToken' : !launch.reservoirId ? 'noReservoir' : undefined);
  const [loaded, setLoaded] = useState<Loaded>();
  const [attempt, setAttempt] = useState(0);
  const [selectedId, setSelectedId] = useState<string>();
  const [player, setPlayer] = useState<PlayerState>({ kind: 'idle' });
  const playRequest = useRef(0);

  // The token leaves the address bar before anything else happens.
  useEffect(dropTokenFromAddress, []);

  // Chinese unless the app asks for English; the console's stored language is neither read nor changed.
  useEffect(() => {
    void showLanguage(language);
  }, [language]);

  useEffect(() => {
    document.title = t('videoForApp.title');
  }, [t, i18n.language]);

  const play = useCallback(
    (cameraId: string) => {
      if (!api) return;
      const ticket = ++playRequest.current;
      setSelectedId(cameraId);
      setPlayer({ kind: 'loading' });
      api.liveAddress(cameraId).then(
        (live) => ticket === playRequest.current && setPlayer({ kind: 'ready', live }),
        (error: unknown) => {
          if (ticket !== playRequest.current) return;
          if (errorCode(error) === 401) setStop('expired');
          else setPlayer({ kind: 'failed', message: errorMessage(error) });
        },
      );
    },
    [api],
  );

  useEffect(() => {
    if (!api || !launch.reservoirId) return;
    let cancelled = false;
    const reservoirId = launch.reservoirId;
    Promise.all([api.cameras(reservoirId), api.reservoirName(reservoirId).catch(() => undefined), api.dictionary('camera_position').catch(() => [])]).then(
      ([cameras, reservoirName, positions]) => {
        if (cancelled) return;
        setLoaded({ cameras, reservoirName, positions });
        const first = cameras.find((c) => c.id === launch.cameraId) ?? cameras.find((c) => c.onlineStatus === 1) ?? cameras[0];
        if (first) play(first.id);
      },
      (error: unknown) => {
        if (!cancelled) setStop(stopOf(error));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, launch.reservoirId, launch.cameraId, attempt, play]);

  const retry = () => {
    setStop(undefined);
    setLoaded(undefined);
    setAttempt((n) => n + 1);
  };

  if (stop) return <FullPageMessage stop={stop} onRetry={retry} />;
  if (!loaded) {
    return (
      <div className="vfa-page vfa-loading">
        <Spin size="large" />
      </div>
    );
  }

  const selected = loaded.cameras.find((c) => c.id === selectedId);
  const online = loaded.cameras.filter((c) => c.onlineStatus === 1).length;
  return (
    <div className="vfa-page" data-testid="video-for-app">
      <header className="vfa-header">
        <div className="vfa-title" data-testid="vfa-reservoir">
          {loaded.reservoirName ?? t('videoForApp.title')}
        </div>
        <div className="vfa-subtitle">{t('videoForApp.summary', { total: loaded.cameras.length, online })}</div>
      </header>
      <LivePlayer state={selected ? player : { kind: 'idle' }} cameraName={selected?.name} />
      <section className="vfa-list">
        <h2 className="vfa-list-title">{t('videoForApp.cameras')}</h2>
        {loaded.cameras.length === 0 ? (
          <div className="vfa-empty" data-testid="vfa-empty">
            {t('videoForApp.noCameras')}
          </div>
        ) : (
          <ul>
            {loaded.cameras.map((camera) => {
              const isOnline = camera.onlineStatus === 1;
              const position = labelOf(loaded.positions, camera.position, language);
              return (
                <li key={camera.id}>
                  <button
                    type="button"
                    className={`vfa-camera${camera.id === selectedId ? ' is-selected' : ''}`}
                    data-testid="vfa-camera"
                    data-camera-id={camera.id}
                    aria-pressed={camera.id === selectedId}
                    onClick={() => play(camera.id)}
                  >
                    <VideoCameraOutlined className="vfa-camera-icon" />
                    <span className="vfa-camera-text">
                      <span className="vfa-camera-name">{camera.name}</span>
                      {position && <span className="vfa-camera-position">{position}</span>}
                    </span>
                    <span className={`vfa-state${isOnline ? ' is-online' : ''}`}>{isOnline ? t('videoForApp.online') : t('videoForApp.offline')}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
