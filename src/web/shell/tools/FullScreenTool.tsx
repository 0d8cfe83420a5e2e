/** Full screen on and off; follows the browser when the user leaves with Esc. */
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsStore } from '../../stores/settingsStore';
import { ToolButton } from './ToolButton';

export const FullScreenTool = observer(function FullScreenTool() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isFull = settingsStore.isFullScreen;

  useEffect(() => {
    const sync = () => settingsStore.setFullScreen(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const toggle = () => {
    if (!document.fullscreenEnabled) {
      void message.warning(t('shell.tools.fullScreenUnsupported'));
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen().catch(() => undefined);
  };

  return (
    <ToolButton title={isFull ? t('shell.tools.exitFullScreen') : t('shell.tools.fullScreen')} testId="tool-fullscreen" onClick={toggle}>
      {isFull ? <FullscreenExitOutlined className="shell-tool-icon" /> : <FullscreenOutlined className="shell-tool-icon" />}
    </ToolButton>
  );
});
