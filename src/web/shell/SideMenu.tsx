/**
 * The side menu: an accordion over the user's menus (one branch open at a
 * time), 208 px wide (long labels wrap) or 60 px collapsed; leaves open their page, or a new
 * window for open type 2 and external addresses.
 */
import { Menu, type MenuProps } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { flattenMenuItems, menuLabel, menuTrail, type MenuItem } from '../router/menuRoutes';
import { settingsStore } from '../stores/settingsStore';
import { MenuIcon } from './MenuIcon';
import { navigationStore } from './navigationStore';
import { useResolvedTheme } from './ShellTheme';
import { useOpenMenu } from './useOpenMenu';

type Item = Required<MenuProps>['items'][number];

const keyOf = (item: MenuItem) => item.id;

/** Icons on the first level only: a nested item needs the room for its name. */
function toItems(items: MenuItem[], language: string, isTop = true): Item[] {
  return items.map((item) => {
    const label = menuLabel(item, language);
    return {
      key: keyOf(item),
      icon: isTop ? <MenuIcon name={item.source} fallback="AppstoreOutlined" /> : undefined,
      label: (
        <span className="shell-menu-label" title={label}>
          {label}
        </span>
      ),
      children: item.children?.length ? toItems(item.children, language, false) : undefined,
    };
  });
}

export const SideMenu = observer(function SideMenu() {
  const { i18n } = useTranslation();
  const location = useLocation();
  const openMenu = useOpenMenu();
  const theme = useResolvedTheme();
  const menus = navigationStore.sideMenus;
  const isCollapsed = settingsStore.isCollapse;
  const trail = menuTrail(menus, location.pathname);
  const trailKeys = trail.slice(0, -1).map(keyOf);
  const [openKeys, setOpenKeys] = useState<string[]>(trailKeys);
  const byKey = useMemo(() => new Map(flattenMenuItems(menus).map((item) => [keyOf(item), item])), [menus]);
  const parentOf = useMemo(() => {
    const parents = new Map<string, string>();
    for (const item of flattenMenuItems(menus)) for (const child of item.children ?? []) parents.set(keyOf(child), keyOf(item));
    return parents;
  }, [menus]);
  const trailSignature = trailKeys.join('/');

  // Navigating elsewhere (a tab, the search) opens that page's branch and brings its item into view.
  useEffect(() => {
    if (trailSignature) setOpenKeys(trailSignature.split('/'));
    const timer = window.setTimeout(() => document.querySelector('.shell-side .ant-menu-item-selected')?.scrollIntoView({ block: 'nearest' }), 300);
    return () => window.clearTimeout(timer);
  }, [trailSignature]);

  return (
    <Menu
      mode="inline"
      theme={theme.menuTheme}
      inlineCollapsed={isCollapsed}
      inlineIndent={12}
      items={toItems(menus, i18n.language)}
      selectedKeys={trail.length ? [keyOf(trail[trail.length - 1])] : []}
      {...(isCollapsed ? {} : { openKeys })}
      onOpenChange={(keys) => {
        // Accordion: opening a branch keeps only it and its ancestors open.
        const opened = keys.find((key) => !openKeys.includes(key));
        if (!opened) return setOpenKeys(keys);
        const chain: string[] = [];
        for (let key: string | undefined = opened; key; key = parentOf.get(key)) chain.unshift(key);
        setOpenKeys(chain);
      }}
      onClick={({ key }) => {
        const item = byKey.get(key);
        if (item) openMenu(item);
      }}
      className="shell-side-menu"
      data-testid="side-menu"
    />
  );
});
