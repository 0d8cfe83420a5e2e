/**
 * A real OpenID Connect provider (the `oidc-provider` package) on
 * 127.0.0.1 for the SSO and social sign-in tests, with its own login page
 * that checks a username and password of a few test accounts and grants the
 * requested scopes on sign-in (no separate consent screen).
 *
 * The HTTP server starts first, so its issuer URL can go into the console
 * server's configuration; `configure` then creates the provider with the
 * client whose redirect URIs point at that console server.
 */
import http from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type ClientMetadata } from 'oidc-provider';

export interface TestAccount {
  sub: string;
  username: string;
  password: string;
  name: string;
  email: string;
}

export interface TestProvider {
  issuer: string;
  configure(clients: ClientMetadata[]): Promise<void>;
  close(): Promise<void>;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(uid: string, error = ''): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Test IdP sign-in</title>
<style>body{font-family:sans-serif;background:#f3f5f8;display:grid;place-items:center;height:100vh;margin:0}
form{background:#fff;padding:32px;border-radius:8px;box-shadow:0 4px 16px #0002;display:grid;gap:12px;width:280px}
input,button{padding:8px;font-size:14px}p{color:#c00;margin:0}</style></head>
<body><form method="post" action="/interaction/${escape(uid)}/login">
<h2>Test identity provider</h2>${error ? `<p>${escape(error)}</p>` : ''}
<input name="username" placeholder="username" autofocus>
<input name="password" type="password" placeholder="password">
<button type="submit" id="idp-submit">Sign in</button></form></body></html>`;
}

async function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startTestProvider(accounts: TestAccount[]): Promise<TestProvider> {
  let provider: Provider | undefined;
  let callback: ((req: http.IncomingMessage, res: http.ServerResponse) => void) | undefined;

  async function interaction(request: http.IncomingMessage, response: http.ServerResponse, uid: string, action: string | undefined): Promise<void> {
    const details = await provider!.interactionDetails(request, response);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    if (action !== 'login' || request.method !== 'POST') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(uid));
      return;
    }
    const form = await readForm(request);
    const account = accounts.find((a) => a.username === form.get('username') && a.password === form.get('password'));
    if (!account) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(uid, 'Wrong username or password'));
      return;
    }
    const grant = new provider!.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider!.interactionFinished(request, response, { login: { accountId: account.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  const server = http.createServer((request, response) => {
    const match = /^\/interaction\/([^/?]+)(?:\/(login))?/.exec(request.url ?? '');
    if (match && provider) {
      interaction(request, response, match[1], match[2]).catch((error: Error) => {
        if (!response.headersSent) response.writeHead(400, { 'content-type': 'text/plain' });
        response.end(`interaction failed: ${error.message}`);
      });
      return;
    }
    if (!callback) {
      response.writeHead(503).end();
      return;
    }
    callback(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    issuer,
    async configure(clients) {
      const { privateKey } = await generateKeyPair('RS256', { extractable: true });
      const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
      provider = new Provider(issuer, {
        clients,
        jwks: { keys: [jwk as never] },
        cookies: { keys: ['test-cookie-key-not-secret'] },
        claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email', 'email_verified'] },
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
        pkce: { required: () => true },
        ttl: { AuthorizationCode: 60, Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
        findAccount: (_ctx, sub) => {
          const account = accounts.find((a) => a.sub === sub);
          if (!account) return undefined;
          return {
            accountId: sub,
            claims: () => ({ sub, name: account.name, preferred_username: account.username, email: account.email, email_verified: true }),
          };
        },
      });
      // Quiet: the provider reports expected refusals (bad codes, replays) as server errors otherwise.
      provider.on('server_error', () => {});
      callback = provider.callback();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
