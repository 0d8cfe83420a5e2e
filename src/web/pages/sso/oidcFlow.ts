/**
 * The browser side of an OpenID Connect sign-in (SSO pages and social
 * buttons): start it, remember it, recognise its return, store the session.
 *
 * The state the server issued is kept in session storage with what the
 * return needs (source, grant type, tenant, redirect URI). A return whose
 * state is not the one this tab started is not sent to the server: that
 * stops a link carrying someone else's code from signing this browser in.
 */
import type { TokenResponse } from '../../api/authApi';
import { startOidcSignIn, type OidcGrantType } from '../../api/ssoApi';
import { getStore, removeStore, setStore } from '../../api/storage';
import { sessionStore, type UserInfo } from '../../stores/sessionStore';

const PENDING = 'oidcPending';

export interface PendingSignIn {
  state: string;
  source: string;
  grantType: OidcGrantType;
  tenantId: string;
  redirectUri: string;
  /** Query of the page to come back to (the login variant, ?user=jz). */
  returnQuery?: string;
}

/** Asks the server for the provider URL, remembers the sign-in and leaves for the provider. */
export async function beginSignIn(source: string, grantType: OidcGrantType, tenantId: string, redirectUri: string, returnQuery?: string): Promise<void> {
  const { url, state } = await startOidcSignIn(source, grantType, tenantId, redirectUri);
  const pending: PendingSignIn = { state, source, grantType, tenantId, redirectUri, returnQuery };
  setStore({ name: PENDING, content: pending, type: 'session' });
  window.location.assign(url);
}

export type ReturnCheck = { kind: 'none' } | { kind: 'error'; error: string } | { kind: 'mismatch' } | { kind: 'ok'; code: string; pending: PendingSignIn };

const checkedReturns = new Map<string, ReturnCheck>();

function judgeReturn(search: URLSearchParams, grantType: OidcGrantType): ReturnCheck {
  const code = search.get('code');
  const state = search.get('state');
  const error = search.get('error');
  const pending = getStore<PendingSignIn>({ name: PENDING });
  removeStore({ name: PENDING, type: 'session' });
  if (error) return { kind: 'error', error: (search.get('error_description') || error).slice(0, 200) };
  if (!code || !state || !pending || pending.state !== state || pending.grantType !== grantType) return { kind: 'mismatch' };
  return { kind: 'ok', code, pending };
}

/**
 * What the provider sent this page back with. The remembered sign-in is
 * taken (used once) whenever a return is present; asking again about the
 * same return (React renders twice in development) gives the same answer.
 */
export function checkReturn(search: URLSearchParams, grantType: OidcGrantType): ReturnCheck {
  if (!search.has('code') && !search.has('state') && !search.has('error')) return { kind: 'none' };
  const key = `${grantType}?${search.toString()}`;
  const known = checkedReturns.get(key);
  if (known) return known;
  const result = judgeReturn(search, grantType);
  checkedReturns.set(key, result);
  return result;
}

/**
 * Stores a token response as the session, like a password sign-in does
 * (token pair, user info; tabs and lock reset).
 * Mirrors SessionStore.signIn, which takes a form, not a response.
 */
export function completeSignIn(response: TokenResponse): UserInfo {
  return sessionStore.signInWith(response);
}

/** The registration details an unknown identity's refusal carries. */
export interface RegistrationOffer {
  oauthId: string;
  tenantId: string;
  name: string;
  account: string;
}

export function registrationOfferOf(body: unknown, tenantId: string): RegistrationOffer | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const fields = body as { oauth_id?: unknown; oauth_name?: unknown; oauth_account?: unknown };
  if (typeof fields.oauth_id !== 'string' || fields.oauth_id === '') return undefined;
  return {
    oauthId: fields.oauth_id,
    tenantId,
    name: typeof fields.oauth_name === 'string' ? fields.oauth_name : '',
    account: typeof fields.oauth_account === 'string' ? fields.oauth_account : '',
  };
}
