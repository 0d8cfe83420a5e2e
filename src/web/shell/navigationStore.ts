/**
 * What the shell navigates with beyond the session's side menus: the top
 * menus and the chosen one (kept under topMenuId), every route the roles
 * grant (so a page outside the chosen top menu still resolves), and the
 * bell's unread count.
 */
import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { getStore, setStore } from '../api/storage';
import { hasHomeItem } from '../config/tenantRules';
import { sessionStore } from '../stores/sessionStore';
import { prepareMenus, sideMenus, type MenuContext, type MenuItem } from '../router/menuRoutes';
import { fetchAllRoutes, fetchTopMenus, fetchUnreadCount } from './shellApi';
import { HOME_TOP_MENU_ID, topMenuItems, type TopMenu } from './topMenuLayout';

/** Who the session belongs to; '' when signed out. A token refresh keeps it. */
export function sessionKey(): string {
  return sessionStore.token ? `${sessionStore.userInfo?.tenant_id}:${sessionStore.userInfo?.user_id}` : '';
}

export class NavigationStore {
  serverTopMenus: TopMenu[] = [];
  activeTopMenuId: string;
  allMenus: MenuItem[] = [];
  isReady = false;
  unreadCount = 0;
  private loading: Promise<void> | undefined;

  constructor() {
    const stored = getStore<string>({ name: 'topMenuId' });
    this.activeTopMenuId = typeof stored === 'string' && stored ? stored : HOME_TOP_MENU_ID;
    makeAutoObservable<NavigationStore, 'loading'>(this, { loading: false });
    // Another session (logout, forced logout, someone else signing in) starts from nothing.
    reaction(
      () => sessionKey(),
      () => {
        this.serverTopMenus = [];
        this.allMenus = [];
        this.isReady = false;
        this.unreadCount = 0;
        this.activeTopMenuId = HOME_TOP_MENU_ID;
      },
    );
  }

  get topMenus(): TopMenu[] {
    return topMenuItems(this.serverTopMenus, hasHomeItem(sessionStore.userInfo?.tenant_id));
  }

  get context(): MenuContext {
    return { roles: sessionStore.roles, regionCode: sessionStore.userInfo?.dept_region_code };
  }

  /** The side menu: the session's menus (within the chosen top menu), prepared for the user, hideMenu dropped. */
  get sideMenus(): MenuItem[] {
    return sideMenus(prepareMenus(sessionStore.menus as MenuItem[], this.context));
  }

  /** Paths resolve against everything granted (else the session's menus), hideMenu items included. */
  get routeMenus(): MenuItem[] {
    return prepareMenus(this.allMenus.length ? this.allMenus : (sessionStore.menus as MenuItem[]), this.context);
  }

  /** What the search overlay and the top autocomplete look through. */
  get searchMenus(): MenuItem[] {
    return sideMenus(this.routeMenus);
  }

  /**
   * Once per page load of a session, as Saber does: the side menus (within
   * the chosen top menu, except for the account admin), every granted route
   * and the top menus, so grants changed on the server show after a reload.
   */
  load(): Promise<void> {
    if (this.isReady) return Promise.resolve();
    this.loading ??= this.loadOnce().finally(() => (this.loading = undefined));
    return this.loading;
  }

  private async loadOnce(): Promise<void> {
    const isAdmin = sessionStore.userInfo?.account === 'admin';
    if (isAdmin && this.activeTopMenuId !== HOME_TOP_MENU_ID) this.setActive(HOME_TOP_MENU_ID);
    const topMenuId = this.activeTopMenuId === HOME_TOP_MENU_ID ? undefined : this.activeTopMenuId;
    try {
      const [side, all, top] = await Promise.all([
        sessionStore.loadMenus(topMenuId) as Promise<MenuItem[]>,
        topMenuId ? fetchAllRoutes().catch(() => [] as MenuItem[]) : Promise.resolve(undefined),
        fetchTopMenus().catch(() => [] as TopMenu[]),
      ]);
      runInAction(() => {
        this.allMenus = all ?? side;
        this.serverTopMenus = top;
      });
    } finally {
      // A failed load still shows the page (a 401 has already moved to /login).
      runInAction(() => (this.isReady = sessionStore.isSignedIn));
    }
  }

  /** Clicking a top menu reloads the side menus with ?topMenuId (none for the home item). */
  async selectTopMenu(id: string): Promise<MenuItem[]> {
    this.setActive(id);
    return (await sessionStore.loadMenus(id === HOME_TOP_MENU_ID ? undefined : id)) as MenuItem[];
  }

  async refreshUnread(): Promise<void> {
    try {
      const count = await fetchUnreadCount();
      runInAction(() => (this.unreadCount = count));
    } catch {
      // Background polling: a missing endpoint or a network blip leaves the badge as it was.
    }
  }

  private setActive(id: string): void {
    this.activeTopMenuId = id;
    setStore({ name: 'topMenuId', content: id });
  }
}

export const navigationStore = new NavigationStore();
