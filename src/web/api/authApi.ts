/** blade-auth and menu calls (platform-core §7). */
import SparkMD5 from 'spark-md5';
import type { Envelope } from '../../shared/envelope';
import type { MenuNode } from '../../shared/menu';
import { request } from './http';

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  tenant_id: string;
  user_id: string;
  dept_id: string;
  role_id: string;
  role_name: string;
  account: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  avatar: string;
  oauth_id: string;
  dept_region_code: string;
  environment: string;
  error_description?: string;
}

export type { MenuNode };

export interface PublicSettings {
  captchaMode: boolean;
  tenantMode: boolean;
  switchMode: boolean;
  environment: string;
  tokenTime: number;
  version: string;
  releaseDate: string;
  /** The map's tile server template (MAP_TILE_URL), null when the map draws outlines only. */
  mapTileUrl?: string | null;
}

export interface SignInForm {
  tenantId: string;
  username: string;
  password: string;
  captchaKey?: string;
  captchaCode?: string;
}

export async function signIn(form: SignInForm, captchaMode: boolean): Promise<TokenResponse> {
  const response = await request<TokenResponse>({
    url: '/blade-auth/oauth/token',
    method: 'POST',
    meta: { isToken: false },
    headers: {
      'Tenant-Id': form.tenantId,
      ...(captchaMode ? { 'Captcha-Key': form.captchaKey ?? '', 'Captcha-Code': form.captchaCode ?? '' } : {}),
    },
    params: {
      tenantId: form.tenantId,
      username: form.username,
      password: SparkMD5.hash(form.password),
      grant_type: captchaMode ? 'captcha' : 'password',
      scope: 'all',
      type: 'account',
    },
  });
  return response.data;
}

export async function refreshToken(refresh: string, tenantId: string): Promise<TokenResponse> {
  const response = await request<TokenResponse>({
    url: '/blade-auth/oauth/token',
    method: 'POST',
    meta: { isToken: false },
    headers: { 'Tenant-Id': tenantId },
    params: { refresh_token: refresh, grant_type: 'refresh_token', scope: 'all', tenantId },
  });
  return response.data;
}

export async function fetchCaptcha(): Promise<{ key: string; image: string }> {
  return (await request<Envelope<{ key: string; image: string }>>({ url: '/blade-auth/oauth/captcha', meta: { isToken: false } })).data.data;
}

export async function fetchPublicSettings(): Promise<PublicSettings> {
  return (await request<Envelope<PublicSettings>>({ url: '/blade-system/public/settings', meta: { isToken: false } })).data.data;
}

export async function signOut(refresh: string | undefined): Promise<void> {
  await request({ url: '/blade-auth/oauth/logout', params: refresh ? { refresh_token: refresh } : undefined });
}

export async function fetchRoutes(topMenuId?: string): Promise<MenuNode[]> {
  return (await request<Envelope<MenuNode[]>>({ url: '/blade-system/menu/routes', params: { topMenuId } })).data.data;
}

/** The user-info part of a token response. */
export type TokenOwner = Omit<TokenResponse, 'access_token' | 'refresh_token' | 'expires_in'>;

/** Who a token belongs to; for a token handed over by the app (/appView). */
export async function fetchUserInfoOf(accessToken: string): Promise<TokenOwner> {
  const response = await request<Envelope<TokenOwner>>({
    url: '/blade-auth/oauth/user-info',
    meta: { isToken: false, isSilent: true },
    headers: { 'Blade-Auth': `bearer ${accessToken}` },
  });
  return response.data.data;
}

export async function fetchButtons(): Promise<MenuNode[]> {
  return (await request<Envelope<MenuNode[]>>({ url: '/blade-system/menu/buttons' })).data.data;
}
