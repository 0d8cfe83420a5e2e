/** The navigation guard's four steps (platform-core §2) and the per-route scroll memory. */
import { describe, expect, it } from 'vitest';
import { menuFlag, queryOf, runGuard, ScrollMemory, type GuardRoute } from '../../../src/web/router/guard';

const signedIn = { isSignedIn: true, isLocked: false };
const locked = { isSignedIn: true, isLocked: true };
const signedOut = { isSignedIn: false, isLocked: false };

function route(fields: Partial<GuardRoute> = {}): GuardRoute {
  return { pathname: '/system/user', search: '', name: '用户管理', meta: {}, ...fields };
}

describe('step 1: the menu flag', () => {
  it('comes from route meta, else the query; menus show by default', () => {
    expect(menuFlag({}, {})).toBe(true);
    expect(menuFlag({ menu: false }, {})).toBe(false);
    expect(menuFlag({}, { menu: 'false' })).toBe(false);
    expect(menuFlag({ menu: true }, { menu: 'false' })).toBe(true);
    expect(runGuard(route({ search: '?menu=false' }), signedIn).isMenu).toBe(false);
  });

  it('parses queries with or without the question mark', () => {
    expect(queryOf('?a=1&b=x')).toEqual({ a: '1', b: 'x' });
    expect(queryOf('a=1')).toEqual({ a: '1' });
    expect(queryOf('')).toEqual({});
  });
});

describe('step 2: a locked session', () => {
  it('goes to the lock page from anywhere but the lock page', () => {
    expect(runGuard(route(), locked)).toMatchObject({ kind: 'redirect', to: '/lock', logout: false });
    expect(runGuard(route({ pathname: '/wel/index' }), locked)).toMatchObject({ kind: 'redirect', to: '/lock' });
    expect(runGuard(route({ pathname: '/lock', meta: { isTab: false } }), locked)).toMatchObject({ kind: 'allow' });
  });

  it('a lock flag without a session does not matter: no session goes to /login', () => {
    expect(runGuard(route(), { isSignedIn: false, isLocked: true })).toMatchObject({ kind: 'redirect', to: '/login', logout: true });
  });
});

describe('step 3: no token', () => {
  it('logs out and goes to /login', () => {
    expect(runGuard(route(), signedOut)).toEqual({ kind: 'redirect', to: '/login', isMenu: true, logout: true });
    expect(runGuard(route({ pathname: '/', name: '' }), signedOut)).toMatchObject({ kind: 'redirect', to: '/login' });
  });

  it('lets routes with meta isAuth false through', () => {
    expect(runGuard(route({ meta: { isAuth: false } }), signedOut)).toEqual({ kind: 'allow', isMenu: true });
  });
});

describe('step 4: tabs and new windows', () => {
  it('adds a tab with the path, query, name and meta', () => {
    const decision = runGuard(route({ search: '?id=7', meta: { i18n: 'shell.info.title' } }), signedIn);
    expect(decision).toEqual({
      kind: 'allow',
      isMenu: true,
      tab: { path: '/system/user', search: '?id=7', label: '用户管理', i18n: 'shell.info.title', query: { id: '7' }, meta: { i18n: 'shell.info.title' } },
    });
  });

  it('adds no tab when meta isTab is false or the path or name is empty', () => {
    expect(runGuard(route({ meta: { isTab: false } }), signedIn)).toEqual({ kind: 'allow', isMenu: true });
    expect(runGuard(route({ name: '' }), signedIn)).toEqual({ kind: 'allow', isMenu: true });
    expect(runGuard(route({ pathname: '' }), signedIn)).toEqual({ kind: 'allow', isMenu: true });
  });

  it('opens a query target in a new window instead (# standing for &)', () => {
    expect(runGuard(route({ search: '?target=_blank&url=https%3A%2F%2Fexample.org%2Fa%3Fx%3D1%23y%3D2' }), signedIn)).toEqual({
      kind: 'openWindow',
      url: 'https://example.org/a?x=1&y=2',
      isMenu: true,
    });
    expect(runGuard(route({ meta: { target: true }, search: '?url=https%3A%2F%2Fexample.org' }), signedIn)).toMatchObject({
      kind: 'openWindow',
      url: 'https://example.org',
    });
  });
});

describe('scroll restore', () => {
  it('remembers a position per route and starts unknown routes at the top', () => {
    const memory = new ScrollMemory();
    memory.save('/system/user', 420.4);
    memory.save('/system/param', -5);
    expect(memory.restore('/system/user')).toBe(420);
    expect(memory.restore('/system/param')).toBe(0);
    expect(memory.restore('/elsewhere')).toBe(0);
    memory.forget('/system/user');
    expect(memory.restore('/system/user')).toBe(0);
  });
});
