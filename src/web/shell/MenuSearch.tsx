/**
 * Finding a page by name (platform-core §2): the full-screen search overlay
 * (Esc closes) and the top bar's autocomplete, both a case-insensitive name
 * prefix match over leaf menus.
 */
import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Empty, Input, type InputRef } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuLabel, searchLeafMenus, type MenuItem } from '../router/menuRoutes';
import { settingsStore } from '../stores/settingsStore';
import { MenuIcon } from './MenuIcon';
import { navigationStore } from './navigationStore';
import { useOpenMenu } from './useOpenMenu';

function useSearch(query: string): MenuItem[] {
  const { i18n } = useTranslation();
  return searchLeafMenus(navigationStore.searchMenus, query, i18n.language);
}

export const MenuSearchOverlay = observer(function MenuSearchOverlay() {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const inputRef = useRef<InputRef>(null);
  const openMenu = useOpenMenu();
  const isOpen = settingsStore.isSearchOpen;
  const results = useSearch(query);

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') settingsStore.setSearchOpen(false);
    };
    window.addEventListener('keydown', onKey);
    const focus = window.setTimeout(() => inputRef.current?.focus(), 0);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.clearTimeout(focus);
    };
  }, [isOpen]);

  if (!isOpen) return null;
  const choose = (item: MenuItem) => {
    settingsStore.setSearchOpen(false);
    setQuery('');
    openMenu(item);
  };

  return (
    <div
      className="menu-search"
      role="dialog"
      aria-label={t('shell.search.title')}
      data-testid="menu-search"
      onClick={() => settingsStore.setSearchOpen(false)}
    >
      <div className="menu-search-panel" onClick={(event) => event.stopPropagation()}>
        <Input
          ref={inputRef}
          size="large"
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('shell.search.placeholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onPressEnter={() => results[0] && choose(results[0])}
          data-testid="menu-search-input"
        />
        <div className="menu-search-results">
          {query.trim() && !results.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.search.empty')} />}
          {results.map((item) => (
            <button key={item.id} type="button" className="menu-search-item" onClick={() => choose(item)} data-testid="menu-search-result">
              <MenuIcon name={item.source} fallback="AppstoreOutlined" />
              <span className="menu-search-name">{menuLabel(item, i18n.language)}</span>
              <span className="menu-search-path">{item.path}</span>
            </button>
          ))}
        </div>
        <div className="menu-search-hint">{t('shell.search.hint')}</div>
      </div>
    </div>
  );
});

export const MenuAutocomplete = observer(function MenuAutocomplete() {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const openMenu = useOpenMenu();
  const results = useSearch(query);
  return (
    <AutoComplete
      className="shell-autocomplete"
      value={query}
      popupMatchSelectWidth={260}
      options={results.map((item) => ({ value: item.id, label: menuLabel(item, i18n.language) }))}
      onSearch={setQuery}
      onSelect={(id: string) => {
        const item = results.find((result) => result.id === id);
        setQuery('');
        if (item) openMenu(item);
      }}
      data-testid="menu-autocomplete"
    >
      <Input size="small" prefix={<SearchOutlined />} placeholder={t('shell.search.placeholder')} allowClear />
    </AutoComplete>
  );
});
