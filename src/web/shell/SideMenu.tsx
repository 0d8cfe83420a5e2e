/** The side menu: an accordion over the server's menus; leaves open routes, type 2 opens a new window. */
import { Menu, type MenuProps } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MenuNode } from '../api/authApi';
import { sessionStore } from '../stores/sessionStore';
import { MenuIcon } from './MenuIcon';
import { isExternal, menuLabel, menuTrail, renameForRole, visibleMenus } from './menuTree';

type Item = Required<MenuProps>['items'][number];

function toItems(nodes: MenuNode[], language: string, isTop = true): Item[] {
  return nodes.map((node) => ({
    key: node.path || node.id,
    icon: isTop ? <MenuIcon name={node.source} /> : undefined,
    label: menuLabel(node, language),
    children: node.children?.length ? toItems(node.children, language, false) : undefined,
  }));
}

export const SideMenu = observer(function SideMenu({ isCollapsed }: { isCollapsed: boolean }) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const menus = renameForRole(visibleMenus(sessionStore.menus), sessionStore.roles);
  const trail = menuTrail(menus, location.pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(trail.slice(0, -1).map((node) => node.path || node.id));
  const items = toItems(menus, i18n.language);

  const open = (path: string) => {
    const node = menuTrail(menus, path).at(-1);
    if (!node) return;
    if (isExternal(node.path) || node.isOpen === 2) window.open(node.path, '_blank', 'noopener');
    else navigate(node.path);
  };

  return (
    <Menu
      mode="inline"
      theme="dark"
      inlineCollapsed={isCollapsed}
      items={items}
      selectedKeys={[location.pathname]}
      openKeys={isCollapsed ? undefined : openKeys}
      // Accordion: opening a branch keeps only that branch and its ancestors open.
      onOpenChange={(keys) => {
        const opened = keys.find((key) => !openKeys.includes(key));
        setOpenKeys(opened ? menuTrail(menus, opened).map((node) => node.path || node.id) : keys);
      }}
      onClick={({ key }) => open(key)}
      data-testid="side-menu"
    />
  );
});
