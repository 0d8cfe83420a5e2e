/**
 * Live monitoring warnings in the shell (contract 13 §F): while signed in, a
 * user holding monitor_warning_log_view hears every warning raised within
 * their data scope (the stream of pages/monitor/warnings/warningStream.ts)
 * as a notification in the console's language — the level's colour and
 * label, reservoir and station, "库水位 123.45 m 超过汛限水位 123.00 m", the
 * time, and a link to 预警记录 — and the bell's count refreshes (the server
 * sends an inbox notice with each raised warning). Renders only a marker
 * telling tests and the curious whether the stream is open.
 */
import { WarningFilled } from '@ant-design/icons';
import { App, Button, Tag } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { dictionaryLabel } from '../renderers/cellText';
import { useDictionaries } from '../renderers/useDictionaries';
import { sessionStore } from '../stores/sessionStore';
import { subscribeWarnings, useWarningStreamStatus, type WarningChange, type WarningRow } from '../pages/monitor/warnings/warningStream';
import { crossingText, levelColour, levelCss } from '../pages/monitor/warnings/warningText';
import { navigationStore } from './navigationStore';
import '../pages/monitor/warnings/warnings.css';

export const WARNING_LOG_PATH = '/monitor/warning-log';
const VIEW_BUTTON = 'monitor_warning_log_view';
/** Blue and yellow warnings leave by themselves after this long; orange and red stay until closed. */
const SHORT_SECONDS = 15;

export const LiveWarnings = observer(function LiveWarnings() {
  const isListening = sessionStore.isSignedIn && sessionStore.permission[VIEW_BUTTON] === true;
  return isListening ? <WarningNotifier /> : null;
});

interface NotifyContext {
  navigate: (path: string) => void;
  notification: ReturnType<typeof App.useApp>['notification'];
}

function WarningNotifier() {
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const status = useWarningStreamStatus();
  // The listener stays subscribed for the whole session (one stream); it reads the latest navigate and notification here.
  const context = useRef<NotifyContext | undefined>(undefined);
  useEffect(() => {
    context.current = { navigate, notification };
  });

  useEffect(
    () =>
      subscribeWarnings((change) => {
        if (change.kind !== 'raised') return;
        void navigationStore.refreshUnread();
        if (context.current) showWarning(change, context.current);
      }),
    [],
  );

  return <span hidden data-testid="live-warnings" data-status={status} />;
}

/** The labels of a notice, in the console's language now: a notice already shown follows a language switch. */
function useNoticeLabels(warning: WarningRow) {
  const { t } = useTranslation();
  const dictionaries = useDictionaries(['warning_level', 'monitor_element']);
  return {
    t,
    level: dictionaryLabel(dictionaries.warning_level, warning.warningLevel) ?? String(warning.warningLevel),
    element: dictionaryLabel(dictionaries.monitor_element, warning.element) ?? '',
  };
}

function NoticeTitle({ warning }: { warning: WarningRow }) {
  const { level } = useNoticeLabels(warning);
  return (
    <span data-testid="live-warning-title">
      <Tag color={levelColour(warning.warningLevel)}>{level}</Tag>
      {[warning.reservoirName, warning.stationName].filter(Boolean).join(' · ')}
    </span>
  );
}

function NoticeBody({ warning, onOpen }: { warning: WarningRow; onOpen: () => void }) {
  const { t, element } = useNoticeLabels(warning);
  return (
    <div data-testid="live-warning" data-warning-id={warning.id}>
      <div className="live-warning-text">{crossingText(t, warning, element, warning.startValue)}</div>
      <div className="live-warning-time">{t('monitorWarnings.notify.time', { time: warning.startTime })}</div>
      <Button type="link" size="small" style={{ paddingInline: 0 }} data-testid="live-warning-open" onClick={onOpen}>
        {t('monitorWarnings.notify.open')}
      </Button>
    </div>
  );
}

function showWarning({ warning }: WarningChange, { navigate, notification }: NotifyContext): void {
  const key = `monitor-warning-${warning.id}`;
  notification.open({
    key,
    className: 'live-warning',
    // Bottom right: a warning that stays until closed must not cover the top bar's tools.
    placement: 'bottomRight',
    icon: <WarningFilled style={{ color: levelCss(warning.warningLevel) }} />,
    style: { borderLeft: `4px solid ${levelCss(warning.warningLevel)}` },
    duration: Number(warning.warningLevel) >= 3 ? 0 : SHORT_SECONDS,
    message: <NoticeTitle warning={warning} />,
    description: (
      <NoticeBody
        warning={warning}
        onOpen={() => {
          notification.destroy(key);
          navigate(WARNING_LOG_PATH);
        }}
      />
    ),
  });
}
