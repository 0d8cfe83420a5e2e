/**
 * API scopes are matched on the routed call (auth/apiScopes.ts): the route's
 * pattern with its decoded parameters and the method whose handler runs.
 */
import { describe, expect, it } from 'vitest';
import { routedCall, scopePathMatches } from '../../src/server/auth/apiScopes.js';

describe('the routed call of a request', () => {
  it('is the pattern with its parameters filled in, one segment per parameter', () => {
    expect(routedCall('GET', '/api/v1/inspect/plan/remove/:id', { id: '42' })).toEqual({
      method: 'GET',
      segments: ['api', 'v1', 'inspect', 'plan', 'remove', '42'],
    });
    // A decoded value holding a slash stays one segment: it is one parameter of one handler.
    expect(routedCall('POST', '/api/:module/object/remove/:id', { module: 'a/b', id: '1' }).segments).toEqual(['api', 'a/b', 'object', 'remove', '1']);
  });

  it('reads several parameters of one segment, regex parameters and escaped colons', () => {
    expect(routedCall('GET', '/api/x/:from-:to', { from: '1', to: '9' }).segments).toEqual(['api', 'x', '1-9']);
    expect(routedCall('GET', '/api/x/:id(^\\d+$)', { id: '7' }).segments).toEqual(['api', 'x', '7']);
    expect(routedCall('GET', '/api/x/a::b', {}).segments).toEqual(['api', 'x', 'a:b']);
  });

  it('splits a wildcard into its segments', () => {
    expect(routedCall('GET', '/files/*', { '*': 'a/b.txt' }).segments).toEqual(['files', 'a', 'b.txt']);
  });

  it('runs GET’s handler for HEAD', () => {
    expect(routedCall('head', '/api/x', {}).method).toBe('GET');
  });
});

describe('a scope path', () => {
  const call = routedCall('GET', '/api/blade-system/user/page', {});

  it('matches the same path and verb, with or without a verb or a trailing slash', () => {
    expect(scopePathMatches('GET /api/blade-system/user/page', call)).toBe(true);
    expect(scopePathMatches('get /api/blade-system/user/page', call)).toBe(true);
    expect(scopePathMatches('/api/blade-system/user/page/', call)).toBe(true);
    expect(scopePathMatches('POST /api/blade-system/user/page', call)).toBe(false);
  });

  it('reads * and {name} as one segment and a final ** as the rest', () => {
    expect(scopePathMatches('/api/blade-system/*/page', call)).toBe(true);
    expect(scopePathMatches('/api/blade-system/{entity}/page', call)).toBe(true);
    expect(scopePathMatches('/api/blade-system/**', call)).toBe(true);
    expect(scopePathMatches('/api/*', call)).toBe(false);
    expect(scopePathMatches('/api/blade-system/user/page/*', call)).toBe(false);
  });
});
