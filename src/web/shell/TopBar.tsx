/**
 * The top bar: logo with the app name (trial tag when the environment is
 * pre) and the tenant's banner, the collapse toggle, the top-menu strip, the
 * search box and the tools.
 */
import { MenuFoldOutlined, MenuUnfoldOutlined, SearchOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '../stores/sessionStore';
import { settingsStore } from '../stores/settingsStore';
import { LanguageSwitch } from './LanguageSwitch';
import { MenuAutocomplete } from './MenuSearch';
import { bannerOf } from './tenantBanner';
import { TopMenuStrip } from './TopMenuStrip';
import { BellTool } from './tools/BellTool';
import { BigScreenTool } from './tools/BigScreenTool';
import { ColorTool } from './tools/ColorTool';
import { ErrorLogTool } from './tools/ErrorLogTool';
import { FullScreenTool } from './tools/FullScreenTool';
import { LockTool } from './tools/LockTool';
import { MessagesTool } from './tools/MessagesTool';
import { SentimentShortcut } from './tools/SentimentShortcut';
import { ThemeTool } from './tools/ThemeTool';
import { ToolButton } from './tools/ToolButton';
import { UserMenu } from './tools/UserMenu';

export const TopBar = observer(function TopBar({ hasSideMenu }: { hasSideMenu: boolean }) {
  const { t } = useTranslation();
  const user = sessionStore.userInfo;
  const banner = bannerOf(user?.tenant_id);
  const isCollapsed = settingsStore.isCollapse;
  const screen = settingsStore.screen;

  return (
    <header className="shell-top" data-testid="top-bar">
      <div className="shell-logo">
        <img src="/favicon.svg" alt={t('app.title')} />
        <div className="shell-logo-text" hidden={screen === 0}>
          <span className="shell-logo-title">
            {t('app.title')}
            {user?.environment === 'pre' && (
              <Tag color="orange" className="shell-trial" data-testid="trial-tag">
                {t('app.trial')}
              </Tag>
            )}
          </span>
          <span className={`shell-banner shell-banner-${banner}`} data-testid="tenant-banner">
            {t(`shell.banner.${banner}`)}
          </span>
        </div>
      </div>
      {hasSideMenu && (
        <ToolButton title={isCollapsed ? t('shell.expand') : t('shell.collapse')} testId="collapse-toggle" onClick={() => settingsStore.toggleCollapse()}>
          {isCollapsed ? <MenuUnfoldOutlined className="shell-tool-icon" /> : <MenuFoldOutlined className="shell-tool-icon" />}
        </ToolButton>
      )}
      {settingsStore.isMenu ? <TopMenuStrip /> : <div className="top-menu" />}
      <div className="shell-tools">
        {settingsStore.width >= 1680 && <MenuAutocomplete />}
        <ToolButton title={t('shell.search.open')} testId="tool-search" onClick={() => settingsStore.setSearchOpen(true)}>
          <SearchOutlined className="shell-tool-icon" />
        </ToolButton>
        {screen >= 1 && <SentimentShortcut />}
        {screen >= 1 && <MessagesTool />}
        {screen >= 2 && <ColorTool />}
        <BigScreenTool />
        <BellTool />
        {screen >= 1 && <ErrorLogTool />}
        <LockTool />
        {screen >= 2 && <ThemeTool />}
        <LanguageSwitch isCompact={screen === 0} />
        {screen >= 1 && <FullScreenTool />}
        <UserMenu isCompact={screen === 0} />
      </div>
    </header>
  );
});
