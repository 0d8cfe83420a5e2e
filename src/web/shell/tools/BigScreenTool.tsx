/** Opens the tenant's big screen in a new window (platform-core §2: big screens by tenant). */
import { FundProjectionScreenOutlined } from '@ant-design/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { bigScreenPath } from '../../config/tenantRules';
import { openScreen } from '../../screens/openScreen';
import { sessionStore } from '../../stores/sessionStore';
import { ToolButton } from './ToolButton';

export const BigScreenTool = observer(function BigScreenTool() {
  const { t } = useTranslation();
  const open = () => void openScreen(bigScreenPath(sessionStore.userInfo?.tenant_id));
  return (
    <ToolButton title={t('shell.tools.bigScreen')} testId="tool-big-screen" onClick={open}>
      <FundProjectionScreenOutlined className="shell-tool-icon" />
    </ToolButton>
  );
});
