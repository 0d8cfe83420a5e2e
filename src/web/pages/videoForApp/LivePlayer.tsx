/**
 * The live picture of one camera: HLS through the browser's own player where
 * it has one (Safari, iOS web views) and through hls.js elsewhere, MP4
 * natively; FLV, WebRTC and other addresses cannot be played by a bare
 * <video>, so the address is shown with a hint instead.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveAddress } from './videoApi';

export type PlayerState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'failed'; message?: string } | { kind: 'ready'; live: LiveAddress };

function isPlayable(live: LiveAddress): boolean {
  return !!live.url && (live.protocol === 'hls' || live.protocol === 'mp4');
}

function useHlsOrNative(videoRef: RefObject<HTMLVideoElement | null>, live: LiveAddress | undefined, onError: () => void): void {
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !live?.url || !isPlayable(live)) return;
    const url = live.url;
    let destroy: (() => void) | undefined;
    let cancelled = false;
    if (live.protocol === 'mp4' || video.canPlayType('application/vnd.apple.mpegurl') !== '') {
      video.src = url;
      void video.play().catch(() => undefined);
    } else {
      void import('hls.js').then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          onError();
          return;
        }
        const hls = new Hls({ manifestLoadingMaxRetry: 1, levelLoadingMaxRetry: 1 });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) onError();
        });
        hls.loadSource(url);
        hls.attachMedia(video);
        void video.play().catch(() => undefined);
        destroy = () => hls.destroy();
      }, onError);
    }
    return () => {
      cancelled = true;
      destroy?.();
      video.pause();
      video.removeAttribute('src');
      video.load();
    };
  }, [videoRef, live, onError]);
}

export function LivePlayer({ state, cameraName }: { state: PlayerState; cameraName?: string }) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const live = state.kind === 'ready' ? state.live : undefined;
  const liveUrl = live?.url ?? null;
  const onError = useCallback(() => setFailedUrl(liveUrl), [liveUrl]);
  useHlsOrNative(videoRef, live, onError);

  const playable = live && isPlayable(live);
  let overlay: string | undefined;
  if (state.kind === 'idle') overlay = t('videoForApp.player.choose');
  else if (state.kind === 'loading') overlay = t('videoForApp.player.loading');
  else if (state.kind === 'failed') overlay = state.message ?? t('videoForApp.player.loadFailed');
  else if (!live?.url) overlay = t('videoForApp.player.noAddress');
  else if (failedUrl === live.url) overlay = t('videoForApp.player.failed');

  return (
    <section className="vfa-player" data-testid="vfa-player">
      <div className="vfa-screen">
        <video
          ref={videoRef}
          className="vfa-video"
          data-testid="vfa-video"
          data-live-url={playable ? live.url : undefined}
          data-protocol={live?.protocol ?? undefined}
          controls
          muted
          playsInline
          autoPlay
          hidden={!playable}
          onError={() => playable && live.protocol === 'mp4' && onError()}
        />
        {overlay && (
          <div className="vfa-overlay" data-testid="vfa-overlay">
            {overlay}
          </div>
        )}
        {live?.url && !playable && (
          <div className="vfa-unplayable" data-testid="vfa-unplayable">
            <p>{t('videoForApp.player.unplayable', { protocol: (live.protocol ?? 'other').toUpperCase() })}</p>
            <code className="vfa-address">{live.url}</code>
          </div>
        )}
      </div>
      {cameraName && <div className="vfa-caption">{cameraName}</div>}
    </section>
  );
}
