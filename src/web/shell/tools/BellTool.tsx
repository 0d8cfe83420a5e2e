/**
 * The unread-message bell: badge capped at 99, refreshed every 600000 ms;
 * clicking opens the popover of the newest unread messages and notices.
 */
import { BellOutlined } from '@ant-design/icons';
import { Badge, Popover } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { navigationStore } from '../navigationStore';
import { BADGE_CAP, UNREAD_REFRESH_MS } from '../screen';
import { NoticePopover } from './NoticePopover';
import { ToolButton } from './ToolButton';

export const BellTool = observer(function BellTool() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  // Each opening loads the lists afresh; the stamp stays while the popover fades out.
  const [openedAt, setOpenedAt] = useState(0);

  useEffect(() => {
    void navigationStore.refreshUnread();
    const timer = window.setInterval(() => void navigationStore.refreshUnread(), UNREAD_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);

  const setOpen = (open: boolean) => {
    setIsOpen(open);
    if (!open) return;
    setOpenedAt(Date.now());
    void navigationStore.refreshUnread();
  };

  return (
    <Popover
      open={isOpen}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      destroyOnHidden
      styles={{ body: { padding: 0 } }}
      // Always some content: antd never opens a popover whose content is empty (and then never reports the click).
      content={
        <NoticePopover
          openedAt={openedAt}
          onNavigate={(path) => {
            setOpen(false);
            navigate(path);
          }}
        />
      }
    >
      {/* No tooltip over the open popover. */}
      <ToolButton title={isOpen ? '' : t('shell.tools.bell')} testId="tool-bell">
        <Badge count={navigationStore.unreadCount} overflowCount={BADGE_CAP} size="small" offset={[4, -2]} data-testid="unread-badge">
          <BellOutlined className="shell-tool-icon" />
        </Badge>
      </ToolButton>
    </Popover>
  );
});
