/**
 * The top-menu strip: a home item labelled workbench first (not for the three
 * special tenants), then the server's top menus. When a page fits, the strip
 * shows three 150 px items at a time with arrows; when it does not, it shows
 * (width − 182) / 170 items of 170 px and puts the rest under "more". Clicking one reloads the
 * side menus with ?topMenuId and opens its first page that shows the side menu (topMenuRoute.ts);
 * the item of the current page is the highlighted one.
 */
import { DownOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { menuLabel, openTarget, prepareMenus, sideMenus, type MenuItem } from '../router/menuRoutes';
import { sessionStore } from '../stores/sessionStore';
import { tabsStore } from '../stores/tabsStore';
import { MenuIcon } from './MenuIcon';
import { navigationStore } from './navigationStore';
import {
  HOME_TOP_MENU_ID,
  overflowStrip,
  pagedStrip,
  pageOf,
  stripMode,
  TOP_MENU_OVERFLOW_ITEM_WIDTH,
  TOP_MENU_PAGED_ITEM_WIDTH,
  type TopMenu,
} from './topMenuLayout';
import { highlightedTopMenu, landingMenu } from './topMenuRoute';

function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export const TopMenuStrip = observer(function TopMenuStrip() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [ref, width] = useWidth<HTMLDivElement>();
  const items = navigationStore.topMenus;
  const activeId =
    highlightedTopMenu({
      activeId: navigationStore.activeTopMenuId,
      pathname,
      homePath: tabsStore.home.path,
      menus: prepareMenus(sessionStore.menus as MenuItem[], navigationStore.context),
    }) ?? '';
  const activeIndex = items.findIndex((item) => item.id === navigationStore.activeTopMenuId);
  const [page, setPage] = useState(pageOf(activeIndex));
  const isPaged = stripMode(width) === 'paged';

  const label = (item: TopMenu) =>
    item.id === HOME_TOP_MENU_ID ? t('shell.home') : menuLabel({ name: item.name, nameEn: item.nameEn ?? null }, i18n.language);

  const select = async (item: TopMenu) => {
    const menus = await navigationStore.selectTopMenu(item.id);
    if (item.id === HOME_TOP_MENU_ID) return navigate(tabsStore.home.path);
    const first = landingMenu(sideMenus(prepareMenus(menus, navigationStore.context)));
    if (!first) return;
    const target = openTarget(first);
    if (target.kind === 'route') navigate(target.path);
  };

  const renderItem = (item: TopMenu, itemWidth: number) => (
    <button
      key={item.id}
      type="button"
      className={`top-menu-item${item.id === activeId ? ' is-active' : ''}`}
      style={{ width: itemWidth }}
      onClick={() => void select(item)}
      title={label(item)}
      data-testid="top-menu-item"
      data-home={item.id === HOME_TOP_MENU_ID || undefined}
    >
      <MenuIcon name={item.source} fallback="AppstoreOutlined" />
      <span className="top-menu-label">{label(item)}</span>
    </button>
  );

  if (!items.length) return <div className="top-menu" ref={ref} />;

  if (isPaged) {
    const strip = pagedStrip(items, page);
    const hasArrows = strip.pageCount > 1;
    return (
      <div className="top-menu is-paged" ref={ref} role="navigation" aria-label={t('shell.topMenu.label')} data-testid="top-menu">
        {hasArrows && (
          <button
            type="button"
            className="top-menu-arrow"
            disabled={!strip.hasPrevious}
            onClick={() => setPage(strip.page - 1)}
            aria-label={t('shell.topMenu.previous')}
            data-testid="top-menu-previous"
          >
            <LeftOutlined />
          </button>
        )}
        {strip.visible.map((item) => renderItem(item, TOP_MENU_PAGED_ITEM_WIDTH))}
        {hasArrows && (
          <button
            type="button"
            className="top-menu-arrow"
            disabled={!strip.hasNext}
            onClick={() => setPage(strip.page + 1)}
            aria-label={t('shell.topMenu.next')}
            data-testid="top-menu-next"
          >
            <RightOutlined />
          </button>
        )}
      </div>
    );
  }

  const { visible, more } = overflowStrip(items, width);
  return (
    <div className="top-menu is-overflow" ref={ref} role="navigation" aria-label={t('shell.topMenu.label')} data-testid="top-menu">
      {visible.map((item) => renderItem(item, TOP_MENU_OVERFLOW_ITEM_WIDTH))}
      {more.length > 0 && (
        <Dropdown
          menu={{
            items: more.map((item) => ({ key: item.id, label: label(item), icon: <MenuIcon name={item.source} fallback="AppstoreOutlined" /> })),
            selectedKeys: [activeId],
            onClick: ({ key }) => {
              const item = more.find((candidate) => candidate.id === key);
              if (item) void select(item);
            },
          }}
        >
          <button
            type="button"
            className={`top-menu-item top-menu-more${more.some((item) => item.id === activeId) ? ' is-active' : ''}`}
            data-testid="top-menu-more"
          >
            <span className="top-menu-label">{t('shell.topMenu.more')}</span> <DownOutlined />
          </button>
        </Dropdown>
      )}
    </div>
  );
});
