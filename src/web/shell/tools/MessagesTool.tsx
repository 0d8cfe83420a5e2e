/**
 * The speech bubble of the top bar: the user's messages (the inbox page), for
 * everyone whose menus hold it. The bell shows the newest unread ones; this
 * opens them all.
 */
import { MessageOutlined } from '@ant-design/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { flattenMenuItems } from '../../router/menuRoutes';
import { navigationStore } from '../navigationStore';
import { ToolButton } from './ToolButton';

export const INBOX_PATH = '/message/index';

export const MessagesTool = observer(function MessagesTool() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!flattenMenuItems(navigationStore.routeMenus).some((item) => item.path === INBOX_PATH)) return null;
  return (
    <ToolButton title={t('shell.tools.messages')} testId="tool-messages" onClick={() => navigate(INBOX_PATH)}>
      <MessageOutlined className="shell-tool-icon" />
    </ToolButton>
  );
});
