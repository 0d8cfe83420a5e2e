/**
 * Which OpenID Connect providers the server trusts, and for which tenants.
 *
 * The configuration is deployment configuration, read once at start from the
 * environment: `OIDC_PROVIDERS` holds a JSON array, or `OIDC_PROVIDERS_FILE`
 * names a file holding one (better for the client secrets). A broken entry
 * stops the server at start with the entry and the problem named.
 *
 * ```json
 * [{
 *   "source": "sk",                 // SSO edition (sk, hh, jz: the /singlelogin pages) or social source name
 *   "type": "sso",                  // "sso" (grant authorization_code) or "social" (grant social)
 *   "name": "水库版统一认证",         // label of the social button (and of logs)
 *   "tenants": ["316979"],          // tenants this provider signs in to; ["*"] for every tenant
 *   "issuer": "https://idp.example.com/realms/water",
 *   "clientId": "reservoir-console",
 *   "clientSecret": "…",            // or "clientSecretEnv": "SK_OIDC_SECRET"
 *   "scopes": "openid profile email",
 *   "redirectUris": ["https://console.example.com/singleloginsk"], // optional: exact URIs the console may ask for
 *   "accountClaim": "preferred_username", // SSO only, optional: sign in the local account named by this claim
 *   "allowHttp": false,             // outbound guard: http to the provider (tests, closed networks)
 *   "allowNetworks": ["10.20.0.0/16"] // outbound guard: private/loopback networks the provider may live in
 * }]
 * ```
 *
 * A tenant maps to a provider by (source, tenant): at most one entry may serve
 * a given source for a given tenant. The SSO pages ask for their edition's
 * source with their edition's tenant (sk → 316979, Hh → 173509, Jz → 003189);
 * the login page asks for a social source with the tenant typed in the form.
 */
import fs from 'node:fs';
import { parseNetwork, type OutboundPolicy } from '../outboundGuard.js';

export type ProviderType = 'sso' | 'social';

export interface OidcProviderConfig {
  source: string;
  type: ProviderType;
  name: string;
  tenants: string[];
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  redirectUris?: string[];
  accountClaim?: string;
  tokenEndpointAuthMethod: 'client_secret_basic' | 'client_secret_post';
  /** The outbound guard's policy for every request to this provider. */
  outbound: OutboundPolicy;
}

export class OidcConfigError extends Error {}

function fail(index: number, problem: string): never {
  throw new OidcConfigError(`OIDC provider #${index + 1}: ${problem}`);
}

function stringField(entry: Record<string, unknown>, name: string, index: number, required = true): string | undefined {
  const value = entry[name];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || value.trim() === '') fail(index, `"${name}" must be a non-empty string`);
  return value.trim();
}

function parseEntry(raw: unknown, index: number, env: NodeJS.ProcessEnv): OidcProviderConfig {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) fail(index, 'must be an object');
  const entry = raw as Record<string, unknown>;
  const known = [
    'source',
    'type',
    'name',
    'tenants',
    'issuer',
    'clientId',
    'clientSecret',
    'clientSecretEnv',
    'scopes',
    'redirectUris',
    'accountClaim',
    'tokenEndpointAuthMethod',
    'allowHttp',
    'allowNetworks',
    'timeoutMs',
  ];
  const unknown = Object.keys(entry).filter((key) => !known.includes(key));
  if (unknown.length > 0) fail(index, `unknown settings ${unknown.join(', ')}`);

  const source = stringField(entry, 'source', index)!;
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(source)) fail(index, '"source" must be 1 to 32 letters, digits, _ or -');
  const type = entry.type;
  if (type !== 'sso' && type !== 'social') fail(index, '"type" must be "sso" or "social"');
  const tenants = entry.tenants;
  if (!Array.isArray(tenants) || tenants.length === 0 || !tenants.every((t) => t === '*' || (typeof t === 'string' && /^\d{6}$/.test(t)))) {
    fail(index, '"tenants" must be a list of six-digit tenant ids, or ["*"]');
  }
  const allowHttp = entry.allowHttp === undefined ? false : entry.allowHttp;
  if (typeof allowHttp !== 'boolean') fail(index, '"allowHttp" must be true or false');
  const schemes: OutboundPolicy['schemes'] = allowHttp ? ['https:', 'http:'] : ['https:'];

  const issuer = stringField(entry, 'issuer', index)!;
  let issuerUrl: URL;
  try {
    issuerUrl = new URL(issuer);
  } catch {
    fail(index, '"issuer" must be a URL');
  }
  if (!(schemes as readonly string[]).includes(issuerUrl.protocol))
    fail(index, `"issuer" must use https${allowHttp ? ' or http' : ' (set "allowHttp" for http)'}`);
  if (issuerUrl.search || issuerUrl.hash || issuerUrl.username) fail(index, '"issuer" must not carry a query, fragment or credentials');

  const allowNetworks = entry.allowNetworks ?? [];
  if (!Array.isArray(allowNetworks) || !allowNetworks.every((n) => typeof n === 'string')) fail(index, '"allowNetworks" must be a list of CIDR networks');
  for (const network of allowNetworks as string[]) {
    try {
      parseNetwork(network);
    } catch (error) {
      fail(index, (error as Error).message);
    }
  }

  let clientSecret = stringField(entry, 'clientSecret', index, false);
  const secretEnv = stringField(entry, 'clientSecretEnv', index, false);
  if (clientSecret === undefined && secretEnv !== undefined) clientSecret = env[secretEnv] || undefined;
  if (clientSecret === undefined) fail(index, `"clientSecret" (or an environment variable named by "clientSecretEnv") is required`);

  const redirectUris = entry.redirectUris;
  if (redirectUris !== undefined && (!Array.isArray(redirectUris) || !redirectUris.every((u) => typeof u === 'string' && /^https?:\/\//.test(u)))) {
    fail(index, '"redirectUris" must be a list of http(s) URLs');
  }
  const accountClaim = stringField(entry, 'accountClaim', index, false);
  if (accountClaim !== undefined && type !== 'sso') fail(index, '"accountClaim" is for SSO providers only (social users register)');
  const method = entry.tokenEndpointAuthMethod ?? 'client_secret_basic';
  if (method !== 'client_secret_basic' && method !== 'client_secret_post')
    fail(index, '"tokenEndpointAuthMethod" must be client_secret_basic or client_secret_post');
  const scopes = stringField(entry, 'scopes', index, false) ?? 'openid profile email';
  if (!scopes.split(/\s+/).includes('openid')) fail(index, '"scopes" must include openid');
  const timeoutMs = entry.timeoutMs ?? 10_000;
  if (typeof timeoutMs !== 'number' || !Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 60_000)
    fail(index, '"timeoutMs" must be between 100 and 60000');

  return {
    source,
    type,
    name: stringField(entry, 'name', index, false) ?? source,
    tenants: tenants as string[],
    issuer,
    clientId: stringField(entry, 'clientId', index)!,
    clientSecret,
    scopes,
    redirectUris: redirectUris as string[] | undefined,
    accountClaim,
    tokenEndpointAuthMethod: method,
    outbound: { schemes, allowNetworks: allowNetworks as string[], timeoutMs, maxBytes: 512 * 1024, maxRedirects: 0 },
  };
}

/** Parses and checks a provider list; throws OidcConfigError naming the entry and the problem. */
export function parseProviders(json: string, env: NodeJS.ProcessEnv = process.env): OidcProviderConfig[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new OidcConfigError('OIDC providers: not valid JSON');
  }
  if (!Array.isArray(raw)) throw new OidcConfigError('OIDC providers: expected a JSON array');
  const providers = raw.map((entry, index) => parseEntry(entry, index, env));
  const seen = new Set<string>();
  for (const provider of providers) {
    for (const tenant of provider.tenants) {
      const key = `${provider.source}/${tenant}`;
      if (seen.has(key)) throw new OidcConfigError(`OIDC providers: more than one provider serves source "${provider.source}" for tenant ${tenant}`);
      seen.add(key);
    }
  }
  for (const provider of providers) {
    if (!provider.tenants.includes('*')) continue;
    const other = providers.find((p) => p !== provider && p.source === provider.source);
    if (other) throw new OidcConfigError(`OIDC providers: source "${provider.source}" serves every tenant and cannot also be configured per tenant`);
  }
  return providers;
}

/** The providers of this deployment, from OIDC_PROVIDERS or OIDC_PROVIDERS_FILE (none when neither is set). */
export function loadProviders(env: NodeJS.ProcessEnv = process.env): OidcProviderConfig[] {
  if (env.OIDC_PROVIDERS && env.OIDC_PROVIDERS_FILE) throw new OidcConfigError('set OIDC_PROVIDERS or OIDC_PROVIDERS_FILE, not both');
  if (env.OIDC_PROVIDERS_FILE) return parseProviders(fs.readFileSync(env.OIDC_PROVIDERS_FILE, 'utf8'), env);
  if (env.OIDC_PROVIDERS) return parseProviders(env.OIDC_PROVIDERS, env);
  return [];
}

export class ProviderRegistry {
  constructor(readonly providers: OidcProviderConfig[]) {}

  /** The provider serving this source for this tenant and grant type, if any. */
  find(source: string, tenantId: string, type: ProviderType): OidcProviderConfig | undefined {
    return this.providers.find((p) => p.source === source && p.type === type && (p.tenants.includes(tenantId) || p.tenants.includes('*')));
  }

  /** Social sources offered to a tenant: what the login page shows as buttons. */
  socialSources(tenantId: string): { source: string; name: string }[] {
    return this.providers
      .filter((p) => p.type === 'social' && (p.tenants.includes(tenantId) || p.tenants.includes('*')))
      .map((p) => ({ source: p.source, name: p.name }));
  }
}
