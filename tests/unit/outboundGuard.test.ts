/**
 * The outbound-request guard (security rule 5). Refusals of non-public
 * addresses are decided before any connection, so these tests never reach
 * 10.0.0.1, 169.254.169.254 or the like: literal addresses need no DNS, and
 * host names are resolved by an injected resolver. Only the redirect, size
 * and time tests talk to a local server on 127.0.0.1, which their policy
 * allows explicitly.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  guardedRequest,
  isAddressAllowed,
  OutboundRequestError,
  parseNetwork,
  type OutboundPolicy,
  type Resolver,
} from '../../src/server/auth/outboundGuard.js';

const noDns: Resolver = async (host) => {
  throw new Error(`no DNS in unit tests (asked for ${host})`);
};
const resolvingTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses;
const HTTP: OutboundPolicy = { schemes: ['https:', 'http:'] };

async function refusal(url: string, policy: OutboundPolicy = HTTP, resolve: Resolver = noDns): Promise<string> {
  try {
    await checkOutboundUrl(url, policy, resolve);
  } catch (error) {
    expect(error).toBeInstanceOf(OutboundRequestError);
    return (error as OutboundRequestError).reason;
  }
  return 'allowed';
}

describe('addresses', () => {
  it.each([
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.1',
    '127.0.0.1',
    '127.1.2.3',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
    '2001:db8::1',
  ])('%s is not public', (address) => {
    expect(isAddressAllowed(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8', '64:ff9b::808:808'])('%s is public', (address) => {
    expect(isAddressAllowed(address)).toBe(true);
  });

  it('an explicitly allowed network opens exactly that network', () => {
    const loopbackOne = [parseNetwork('127.0.0.1/32')];
    expect(isAddressAllowed('127.0.0.1', loopbackOne)).toBe(true);
    expect(isAddressAllowed('::ffff:127.0.0.1', loopbackOne)).toBe(true);
    expect(isAddressAllowed('127.0.0.2', loopbackOne)).toBe(false);
    expect(isAddressAllowed('169.254.169.254', loopbackOne)).toBe(false);
    const office = [parseNetwork('10.20.0.0/16')];
    expect(isAddressAllowed('10.20.3.4', office)).toBe(true);
    expect(isAddressAllowed('10.21.0.1', office)).toBe(false);
  });

  it('refuses networks that are not CIDR', () => {
    for (const bad of ['10.0.0.0/33', '10.0.0/8', 'example.com/8', '::1/129', '10.0.0.0/x']) expect(() => parseNetwork(bad), bad).toThrow(/CIDR/);
  });

  it('refuses what is not an address', () => {
    expect(isAddressAllowed('example.com')).toBe(false);
    expect(isAddressAllowed('fe80::1%eth0')).toBe(false);
  });
});

describe('URLs', () => {
  it.each([
    ['http://10.0.0.1/', 'address'],
    ['http://169.254.169.254/latest/meta-data/', 'address'],
    ['http://127.0.0.1:8080/', 'address'],
    ['http://[::1]/', 'address'],
    ['http://[::ffff:127.0.0.1]/', 'address'],
    ['http://2130706433/', 'address'], // 127.0.0.1 written as one number
    ['http://0x7f.1/', 'address'],
    ['http://0/', 'address'],
    ['file:///etc/passwd', 'scheme'],
    ['ftp://example.com/', 'scheme'],
    ['gopher://example.com/', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['data:text/plain,x', 'scheme'],
    ['http://user:secret@example.com/', 'credentials'],
    ['not a url', 'url'],
  ])('%s is refused (%s)', async (url, reason) => {
    expect(await refusal(url)).toBe(reason);
  });

  it('http is refused unless the policy allows it; https is the default', async () => {
    expect(await refusal('http://8.8.8.8/', {})).toBe('scheme');
    expect(await refusal('https://8.8.8.8/', {})).toBe('allowed');
    expect(await refusal('http://8.8.8.8/', HTTP)).toBe('allowed');
  });

  it('loopback is allowed only when the policy lists it', async () => {
    expect(await refusal('http://127.0.0.1:9000/', HTTP)).toBe('address');
    expect(await refusal('http://127.0.0.1:9000/', { ...HTTP, allowNetworks: ['127.0.0.1/32'] })).toBe('allowed');
    expect(await refusal('http://127.0.0.2:9000/', { ...HTTP, allowNetworks: ['127.0.0.1/32'] })).toBe('address');
  });

  it('names are judged by every address they resolve to', async () => {
    expect(await refusal('https://metadata.internal/', {}, resolvingTo('169.254.169.254'))).toBe('address');
    expect(await refusal('https://localhost/', {}, resolvingTo('127.0.0.1', '::1'))).toBe('address');
    expect(await refusal('https://mixed.example/', {}, resolvingTo('93.184.216.34', '10.0.0.1'))).toBe('address');
    expect(await refusal('https://public.example/', {}, resolvingTo('93.184.216.34'))).toBe('allowed');
    expect(await refusal('https://nowhere.example/', {}, resolvingTo())).toBe('dns');
    expect(await refusal('https://broken.example/', {}, noDns)).toBe('dns');
  });

  it('a refused address is never connected to', async () => {
    await expect(guardedRequest('http://10.0.0.1/', {}, HTTP, noDns)).rejects.toMatchObject({ reason: 'address' });
    await expect(guardedRequest('http://169.254.169.254/latest/meta-data/', {}, HTTP, noDns)).rejects.toMatchObject({ reason: 'address' });
  });
});

describe('requests through a local server', () => {
  let server: http.Server;
  let base: string;
  const seen: string[] = [];
  const local: OutboundPolicy = { ...HTTP, allowNetworks: ['127.0.0.1/32'], timeoutMs: 500, maxBytes: 1000 };

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      seen.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''}`);
      const url = new URL(request.url ?? '/', 'http://x');
      if (url.pathname === '/ok') return void response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      if (url.pathname === '/to-metadata') return void response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      if (url.pathname === '/to-private') return void response.writeHead(301, { location: 'http://10.0.0.1/admin' }).end();
      if (url.pathname === '/to-file') return void response.writeHead(302, { location: 'file:///etc/passwd' }).end();
      if (url.pathname === '/to-ok') return void response.writeHead(303, { location: '/ok' }).end();
      if (url.pathname === '/loop') return void response.writeHead(302, { location: '/loop' }).end();
      if (url.pathname === '/big') return void response.writeHead(200).end('x'.repeat(5000));
      if (url.pathname === '/big-chunked') {
        response.writeHead(200, { 'transfer-encoding': 'chunked' });
        for (let i = 0; i < 10; i++) response.write('y'.repeat(300));
        return void response.end();
      }
      if (url.pathname === '/slow') return void setTimeout(() => response.writeHead(200).end('late'), 2000);
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('answers status, headers and body', async () => {
    const response = await guardedRequest(`${base}/ok`, {}, local);
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(response.headers['content-type']).toBe('application/json');
  });

  it('connects to the checked address even when the name is looked up', async () => {
    const response = await guardedRequest(`http://idp.test:${new URL(base).port}/ok`, {}, local, resolvingTo('127.0.0.1'));
    expect(response.status).toBe(200);
  });

  it('re-checks every redirect: to the metadata address, a private address or another scheme is refused', async () => {
    await expect(guardedRequest(`${base}/to-metadata`, {}, local)).rejects.toMatchObject({ reason: 'address' });
    await expect(guardedRequest(`${base}/to-private`, {}, local)).rejects.toMatchObject({ reason: 'address' });
    await expect(guardedRequest(`${base}/to-file`, {}, local)).rejects.toMatchObject({ reason: 'scheme' });
  });

  it('follows allowed redirects up to the limit, as GET after a 303', async () => {
    const response = await guardedRequest(`${base}/to-ok`, { method: 'POST', body: 'a=1', headers: { authorization: 'Basic abc' } }, local);
    expect(response.status).toBe(200);
    expect(seen.slice(-2)).toEqual(['POST /to-ok Basic abc', 'GET /ok Basic abc']);
    await expect(guardedRequest(`${base}/loop`, {}, local)).rejects.toMatchObject({ reason: 'redirect' });
    await expect(guardedRequest(`${base}/to-ok`, {}, { ...local, maxRedirects: 0 })).rejects.toMatchObject({ reason: 'redirect' });
  });

  it('refuses bodies over the size limit, declared or streamed', async () => {
    await expect(guardedRequest(`${base}/big`, {}, local)).rejects.toMatchObject({ reason: 'size' });
    await expect(guardedRequest(`${base}/big-chunked`, {}, local)).rejects.toMatchObject({ reason: 'size' });
  });

  it('gives up at the deadline', async () => {
    const started = Date.now();
    await expect(guardedRequest(`${base}/slow`, {}, local)).rejects.toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
