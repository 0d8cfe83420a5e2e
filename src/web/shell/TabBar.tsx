/**
 * The opened-page tabs. Right-click (or the actions button) offers clear
 * cache (with confirmation), close others and close all (back to the home
 * tab). The last tab has no close button, so a lone welcome tab stays.
 */
import { ClearOutlined, CloseCircleOutlined, CloseOutlined, DownOutlined, HomeOutlined } from '@ant-design/icons';
import { App, Dropdown, Tabs, type MenuProps } from 'antd';
import { observer } from 'mobx-react-lite';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { buildMenuRoutes, menuLabel, routeTable } from '../router/menuRoutes';
import { tabsStore } from '../stores/tabsStore';
import { navigationStore } from './navigationStore';
import { clearServerCache } from './shellApi';
import { tabUrl, type Tab } from './tabRules';

export const TabBar = observer(function TabBar() {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const routeMenus = navigationStore.routeMenus;
  const table = useMemo(() => routeTable(buildMenuRoutes(routeMenus)), [routeMenus]);
  const home = tabsStore.home;
  const tabs = tabsStore.tabs;
  const canClose = tabsStore.canClose;
  // The tab under the last right-click: the context menu acts on it, not on the active tab.
  const clickedPath = useRef<string>();

  const labelOf = (tab: Tab) => {
    if (tab.path === home.path) return t('shell.tabs.home');
    const menu = table.get(tab.path)?.menu;
    if (menu) return menuLabel(menu, i18n.language);
    return tab.i18n ? t(tab.i18n) : tab.label;
  };

  const close = (path: string) => {
    const next = tabsStore.close(path);
    if (next) navigate(tabUrl(next));
  };

  const actions: MenuProps = {
    items: [
      { key: 'clearCache', icon: <ClearOutlined />, label: t('shell.tabs.clearCache') },
      { key: 'closeOthers', icon: <CloseCircleOutlined />, label: t('shell.tabs.closeOthers') },
      { key: 'closeAll', icon: <CloseOutlined />, label: t('shell.tabs.closeAll') },
    ],
    onClick: ({ key }) => {
      if (key === 'closeOthers') {
        const kept = tabsStore.closeOthers(clickedPath.current ?? tabsStore.activePath);
        if (kept) navigate(tabUrl(kept));
      }
      if (key === 'closeAll') navigate(tabUrl(tabsStore.closeAll()));
      if (key === 'clearCache') {
        modal.confirm({
          title: t('shell.tip'),
          content: t('shell.tabs.clearCacheConfirm'),
          okText: t('shell.confirm'),
          cancelText: t('shell.cancel'),
          onOk: async () => {
            await clearServerCache();
            void message.success(t('shell.tabs.clearCacheDone'));
          },
        });
      }
    },
  };

  const activeKey = tabs.some((tab) => tab.path === location.pathname) ? location.pathname : tabsStore.activePath;

  return (
    <div className="shell-tabs" data-testid="tab-bar">
      <Dropdown menu={actions} trigger={['contextMenu']}>
        <div
          className="shell-tabs-strip"
          onContextMenu={(event) => {
            const tab = (event.target as HTMLElement).closest('[data-node-key]');
            clickedPath.current = tab?.getAttribute('data-node-key') ?? undefined;
          }}
        >
          <Tabs
            type="editable-card"
            size="small"
            hideAdd
            activeKey={activeKey}
            onChange={(key) => {
              const tab = tabs.find((item) => item.path === key);
              if (tab) navigate(tabUrl(tab));
            }}
            onEdit={(key, action) => {
              if (action === 'remove' && typeof key === 'string') close(key);
            }}
            items={tabs.map((tab) => ({
              key: tab.path,
              closable: canClose,
              label: (
                <span className="shell-tab-label" data-testid="tab" data-path={tab.path}>
                  {tab.path === home.path && <HomeOutlined />}
                  {labelOf(tab)}
                </span>
              ),
            }))}
          />
        </div>
      </Dropdown>
      <Dropdown menu={actions} placement="bottomRight" onOpenChange={(open) => open && (clickedPath.current = undefined)}>
        <button type="button" className="shell-tabs-actions" aria-label={t('shell.tabs.actions')} data-testid="tab-actions">
          <DownOutlined />
        </button>
      </Dropdown>
    </div>
  );
});
