/**
 * The public-sentiment shortcut: only for administrator, farm_admin and subject_admin with the map's sentiment child.
 * Its icon is an alert, not a speech bubble: a bubble reads as "messages" (MessagesTool opens those).
 */
import { AlertOutlined } from '@ant-design/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { publicSentimentShortcut } from '../../router/menuRoutes';
import { navigationStore } from '../navigationStore';
import { ToolButton } from './ToolButton';

export const SentimentShortcut = observer(function SentimentShortcut() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const target = publicSentimentShortcut(navigationStore.routeMenus, navigationStore.context);
  if (!target) return null;
  return (
    <ToolButton title={t('shell.tools.sentiment')} testId="tool-sentiment" onClick={() => navigate(target)}>
      <AlertOutlined className="shell-tool-icon" />
    </ToolButton>
  );
});
