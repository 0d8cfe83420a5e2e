/**
 * The signed-in session: token pair, user info, menus, button permissions and
 * the lock screen. Sign-in stores them and resets tabs and lock; logout and
 * forced logout clear exactly what platform-core §4 lists.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { fetchButtons, fetchRoutes, refreshToken, signIn, signOut, type MenuNode, type SignInForm, type TokenResponse } from '../api/authApi';
import {
  clearStore,
  getRefreshToken,
  getStore,
  getToken,
  removeRefreshToken,
  removeStore,
  removeToken,
  setRefreshToken,
  setStore,
  setToken,
} from '../api/storage';

export type UserInfo = Omit<TokenResponse, 'access_token' | 'refresh_token'>;

function leafCodes(nodes: MenuNode[], into: Record<string, boolean> = {}): Record<string, boolean> {
  for (const node of nodes) {
    if (node.children?.length) leafCodes(node.children, into);
    else into[node.code] = true;
  }
  return into;
}

export class SessionStore {
  token: string | undefined = getToken() ?? undefined;
  userInfo: UserInfo | undefined = getStore({ name: 'userInfo' }) ?? undefined;
  menus: MenuNode[] = getStore({ name: 'menu' }) ?? [];
  permission: Record<string, boolean> = getStore({ name: 'permission' }) ?? {};
  isLocked: boolean = getStore({ name: 'isLock' }) === true;
  lockPassword: string | undefined = getStore({ name: 'lockPasswd' }) ?? undefined;

  constructor() {
    makeAutoObservable(this);
  }

  get isSignedIn(): boolean {
    return !!this.token;
  }

  get roles(): string[] {
    return (this.userInfo?.role_name ?? '').split(',').filter(Boolean);
  }

  private storeTokens(response: TokenResponse): void {
    const { access_token, refresh_token, ...info } = response;
    setToken(access_token);
    setRefreshToken(refresh_token);
    setStore({ name: 'token', content: access_token });
    setStore({ name: 'refreshToken', content: refresh_token });
    setStore({ name: 'userInfo', content: info });
    this.token = access_token;
    this.userInfo = info;
  }

  async signIn(form: SignInForm, captchaMode: boolean): Promise<UserInfo> {
    return this.signInWith(await signIn(form, captchaMode));
  }

  /** Starts a session from a token response, however it was obtained (password, single sign-on, social). */
  signInWith(response: TokenResponse): UserInfo {
    runInAction(() => {
      this.storeTokens(response);
      // A new session starts with no tabs and no lock.
      removeStore({ name: 'tagList' });
      this.unlock();
    });
    return this.userInfo!;
  }

  /** Refreshes the token pair; a failure ends the session (the request layer already logged out on 401). */
  async refresh(): Promise<void> {
    const refresh = getRefreshToken();
    if (!refresh || !this.userInfo) return;
    const response = await refreshToken(refresh, this.userInfo.tenant_id);
    runInAction(() => this.storeTokens(response));
  }

  async loadMenus(topMenuId?: string): Promise<MenuNode[]> {
    const [menus, buttons] = await Promise.all([fetchRoutes(topMenuId), fetchButtons()]);
    runInAction(() => {
      this.menus = menus;
      this.permission = leafCodes(buttons);
      setStore({ name: 'menu', content: menus });
      setStore({ name: 'permission', content: this.permission, type: 'session' });
    });
    return menus;
  }

  setLockPassword(password: string): void {
    this.lockPassword = password;
    setStore({ name: 'lockPasswd', content: password, type: 'session' });
  }

  lock(): void {
    this.isLocked = true;
    setStore({ name: 'isLock', content: true, type: 'session' });
  }

  unlock(): void {
    this.isLocked = false;
    this.lockPassword = undefined;
    removeStore({ name: 'isLock', type: 'session' });
    removeStore({ name: 'lockPasswd', type: 'session' });
  }

  /** Logout: tells the server (revoking the refresh token), then clears the session. */
  async logout(): Promise<void> {
    const refresh = getRefreshToken() ?? undefined;
    await signOut(refresh).catch(() => undefined);
    this.clearSession();
  }

  /** Forced logout (401 or failed refresh): clears the session without calling the server. */
  clearSession(): void {
    removeToken();
    removeRefreshToken();
    clearStore({ type: 'session' });
    clearStore({});
    this.token = undefined;
    this.menus = [];
    this.permission = {};
    this.isLocked = false;
    this.lockPassword = undefined;
    // userInfo stays in memory until navigation so the logout destination can use the tenant.
  }
}

export const sessionStore = new SessionStore();
