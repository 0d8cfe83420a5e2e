/** The unread-message bell: badge capped at 99, refreshed every 600000 ms; opens the system messages. */
import { BellOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { navigationStore } from '../navigationStore';
import { BADGE_CAP, UNREAD_REFRESH_MS } from '../screen';
import { ToolButton } from './ToolButton';

export const BellTool = observer(function BellTool() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    void navigationStore.refreshUnread();
    const timer = window.setInterval(() => void navigationStore.refreshUnread(), UNREAD_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <ToolButton title={t('shell.tools.bell')} testId="tool-bell" onClick={() => navigate('/message/index')}>
      <Badge count={navigationStore.unreadCount} overflowCount={BADGE_CAP} size="small" offset={[4, -2]} data-testid="unread-badge">
        <BellOutlined className="shell-tool-icon" />
      </Badge>
    </ToolButton>
  );
});
