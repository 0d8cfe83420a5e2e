/**
 * The opened-page tabs, kept in local storage under tagList (the active one
 * under tag). The guard opens tabs; the tab bar closes them by the rules of
 * shell/tabRules. A session starts with the home tab; logout empties the list.
 */
import { makeAutoObservable, reaction } from 'mobx';
import { getStore, setStore } from '../api/storage';
import { landingPath } from '../config/tenantRules';
import { closeAllTabs, closeOtherTabs, closeTab, initialTabs, isClosable, openTab, type Tab } from '../shell/tabRules';
import { sessionStore } from './sessionStore';

export const HOME_TAB_I18N = 'shell.tabs.home';

export class TabsStore {
  tabs: Tab[];
  activePath: string;

  constructor() {
    const stored = getStore<Tab[]>({ name: 'tagList' });
    this.tabs = Array.isArray(stored) ? stored : [];
    this.activePath = (getStore<string>({ name: 'tag' }) as string | undefined) ?? '';
    makeAutoObservable(this);
    // Logout, forced logout and another user signing in end the session's tabs.
    reaction(
      () => (sessionStore.token ? `${sessionStore.userInfo?.tenant_id}:${sessionStore.userInfo?.user_id}` : ''),
      () => this.reset(),
    );
  }

  get home(): Tab {
    return { path: landingPath(sessionStore.userInfo?.tenant_id), search: '', label: '首页', i18n: HOME_TAB_I18N };
  }

  get active(): Tab | undefined {
    return this.tabs.find((tab) => tab.path === this.activePath);
  }

  get canClose(): boolean {
    return isClosable(this.tabs);
  }

  /** Makes sure a signed-in session has at least the home tab. */
  ensureHome(): void {
    const next = initialTabs(this.tabs, this.home);
    if (next !== this.tabs && next.length !== this.tabs.length) this.save(next);
  }

  open(tab: Tab): void {
    this.activePath = tab.path;
    this.save(openTab(initialTabs(this.tabs, this.home), tab));
  }

  /** Closes a tab; returns the tab to show when the active one was closed. */
  close(path: string): Tab | undefined {
    const { tabs, next } = closeTab(this.tabs, path, this.activePath);
    if (next) this.activePath = next.path;
    this.save(tabs);
    return next;
  }

  /** Keeps the home tab and the given one (the right-clicked tab; the active one by default), which becomes active; returns it. */
  closeOthers(keep = this.activePath): Tab | undefined {
    this.activePath = keep;
    this.save(closeOtherTabs(this.tabs, keep, this.home));
    return this.tabs.find((tab) => tab.path === keep);
  }

  /** Leaves the home tab alone and returns it. */
  closeAll(): Tab {
    const tabs = closeAllTabs(this.tabs, this.home);
    this.activePath = tabs[0].path;
    this.save(tabs);
    return tabs[0];
  }

  reset(): void {
    this.tabs = [];
    this.activePath = '';
  }

  private save(tabs: Tab[]): void {
    this.tabs = tabs;
    setStore({ name: 'tagList', content: tabs });
    setStore({ name: 'tag', content: this.activePath });
  }
}

export const tabsStore = new TabsStore();
