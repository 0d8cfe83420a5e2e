/**
 * Single sign-on and social sign-in calls (platform-core §7): the start of an
 * OpenID Connect sign-in, the token grants authorization_code and social, the
 * social sources a tenant may use, and user/register-guest.
 */
import SparkMD5 from 'spark-md5';
import type { Envelope } from '../../shared/envelope';
import type { TokenResponse } from './authApi';
import { request } from './http';

export type OidcGrantType = 'authorization_code' | 'social';

export interface SocialSource {
  source: string;
  name: string;
}

/** Asks the server for the provider URL of a new sign-in; the answer's state must come back with the code. */
export async function startOidcSignIn(
  source: string,
  grantType: OidcGrantType,
  tenantId: string,
  redirectUri: string,
): Promise<{ url: string; state: string }> {
  const response = await request<Envelope<{ url: string; state: string }>>({
    url: `/blade-auth/oauth/authorize/${encodeURIComponent(source)}`,
    meta: { isToken: false },
    headers: { 'Tenant-Id': tenantId },
    params: { grant_type: grantType, tenantId, redirect_uri: redirectUri },
  });
  return response.data.data;
}

/** SSO: tenantId, code, grant_type authorization_code, redirect_uri (and the state the sign-in started with). */
export async function signInBySso(form: { tenantId: string; code: string; state: string; redirectUri: string }): Promise<TokenResponse> {
  const response = await request<TokenResponse>({
    url: '/blade-auth/oauth/token',
    method: 'POST',
    meta: { isToken: false },
    headers: { 'Tenant-Id': form.tenantId },
    params: { tenantId: form.tenantId, code: form.code, state: form.state, grant_type: 'authorization_code', redirect_uri: form.redirectUri, scope: 'all' },
  });
  return response.data;
}

/** Social: tenantId, source, code, state, grant_type social. */
export async function signInBySocial(form: { tenantId: string; source: string; code: string; state: string }): Promise<TokenResponse> {
  const response = await request<TokenResponse>({
    url: '/blade-auth/oauth/token',
    method: 'POST',
    meta: { isToken: false },
    headers: { 'Tenant-Id': form.tenantId },
    params: { tenantId: form.tenantId, source: form.source, code: form.code, state: form.state, grant_type: 'social', scope: 'all' },
  });
  return response.data;
}

export async function fetchSocialSources(tenantId: string): Promise<SocialSource[]> {
  const response = await request<Envelope<SocialSource[]>>({
    url: '/blade-auth/oauth/social-sources',
    meta: { isToken: false, isSilent: true },
    params: { tenantId },
  });
  return response.data.data ?? [];
}

export interface RegisterGuestForm {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  oauthId: string;
}

/** user/register-guest: the password leaves the browser as its md5, like at sign-in. */
export async function registerGuest(form: RegisterGuestForm): Promise<Envelope<null>> {
  const response = await request<Envelope<null>>({
    url: '/blade-system/user/register-guest',
    method: 'POST',
    meta: { isToken: false },
    data: { tenantId: form.tenantId, name: form.name, account: form.account, password: SparkMD5.hash(form.password), oauthId: form.oauthId },
  });
  return response.data;
}
