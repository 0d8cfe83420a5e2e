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
import { useDictionaries, type Dictionaries } from '../renderers/useDictionaries';
import { sessionStore } from '../stores/sessionStore';
import { subscribeWarnings, useWarningStreamStatus, type WarningChange } from '../pages/monitor/warnings/warningStream';
import { crossingText, levelColour, levelCss, type Translate } from '../pages/monitor/warnings/warningText';
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
  t: Translate;
  dictionaries: Dictionaries;
  navigate: (path: string) => void;
  notification: ReturnType<typeof App.useApp>['notification'];
}

function WarningNotifier() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const status = useWarningStreamStatus();
  const dictionaries = useDictionaries(['warning_level', 'monitor_element']);
  // The listener stays subscribed for the whole session (one stream); it reads the latest labels and language here.
  const context = useRef<NotifyContext | undefined>(undefined);
  useEffect(() => {
    context.current = { t, dictionaries, navigate, notification };
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

function showWarning({ warning }: WarningChange, { t, dictionaries, navigate, notification }: NotifyContext): void {
  const level = dictionaryLabel(dictionaries.warning_level, warning.warningLevel) ?? String(warning.warningLevel);
  const element = dictionaryLabel(dictionaries.monitor_element, warning.element) ?? '';
  const key = `monitor-warning-${warning.id}`;
  notification.open({
    key,
    className: 'live-warning',
    // Bottom right: a warning that stays until closed must not cover the top bar's tools.
    placement: 'bottomRight',
    icon: <WarningFilled style={{ color: levelCss(warning.warningLevel) }} />,
    style: { borderLeft: `4px solid ${levelCss(warning.warningLevel)}` },
    duration: Number(warning.warningLevel) >= 3 ? 0 : SHORT_SECONDS,
    message: (
      <span data-testid="live-warning-title">
        <Tag color={levelColour(warning.warningLevel)}>{level}</Tag>
        {[warning.reservoirName, warning.stationName].filter(Boolean).join(' · ')}
      </span>
    ),
    description: (
      <div data-testid="live-warning" data-warning-id={warning.id}>
        <div className="live-warning-text">{crossingText(t, warning, element, warning.startValue)}</div>
        <div className="live-warning-time">{t('monitorWarnings.notify.time', { time: warning.startTime })}</div>
        <Button
          type="link"
          size="small"
          style={{ paddingInline: 0 }}
          data-testid="live-warning-open"
          onClick={() => {
            notification.destroy(key);
            navigate(WARNING_LOG_PATH);
          }}
        >
          {t('monitorWarnings.notify.open')}
        </Button>
      </div>
    ),
  });
}
