/** Server-driven menu routes and the role rules of platform-core §2 and §6, as pure functions. */
import { describe, expect, it } from 'vitest';
import {
  buildMenuRoutes,
  externalUrl,
  isExternalPath,
  mapRoutes,
  openTarget,
  prepareMenus,
  publicSentimentShortcut,
  publicSentimentView,
  resolveMenuPath,
  routeTable,
  searchLeafMenus,
  sideMenus,
  type MenuContext,
  type MenuItem,
} from '../../../src/web/router/menuRoutes';

let nextId = 1;
function menu(fields: Partial<MenuItem> & Pick<MenuItem, 'name' | 'path'>): MenuItem {
  const id = String(nextId++);
  return { id, parentId: '0', code: `m${id}`, nameEn: null, alias: 'menu', source: null, sort: 1, category: 1, action: 0, isOpen: 1, remark: null, ...fields };
}

const admin: MenuContext = { roles: ['administrator'], regionCode: '350524' };

function mapEntry(): MenuItem {
  return menu({
    code: 'map',
    name: '地图监管',
    path: '/map',
    children: [
      menu({ code: 'map_sentiment', name: '公众舆情', path: '/map/province' }),
      menu({ code: 'map_county', name: '公众舆情(区县)', path: '/map/county', alias: 'hideMenu' }),
      menu({ code: 'map_monitor', name: '监控地图', path: '/map/monitor', isOpen: 2 }),
    ],
  });
}

describe('external paths', () => {
  it('http, https and any path containing html are external', () => {
    expect(isExternalPath('http://example.org/x')).toBe(true);
    expect(isExternalPath('HTTPS://example.org')).toBe(true);
    expect(isExternalPath('/static/report.html')).toBe(true);
    expect(isExternalPath('/system/user')).toBe(false);
    expect(isExternalPath('')).toBe(false);
  });

  it('an external item is embedded under /myiframe/<code>, or opens a new window for open type 2', () => {
    const embedded = menu({ code: 'swagger', name: '接口文档', path: 'http://localhost:7002/doc.html?token=${token}' });
    const windowed = menu({ code: 'ureport', name: '报表设计', path: 'https://report.example.org', isOpen: 2 });
    const routes = buildMenuRoutes([menu({ name: '监控', path: '/monitor', children: [embedded, windowed] })]);
    const [iframe, window] = routes[0].children!;
    expect(iframe).toMatchObject({ kind: 'iframe', path: '/myiframe/swagger', url: embedded.path });
    expect(window).toMatchObject({ kind: 'window', url: 'https://report.example.org' });
    expect(routeTable(routes).has('https://report.example.org')).toBe(false);
    expect(openTarget(embedded)).toEqual({ kind: 'route', path: '/myiframe/swagger' });
    expect(openTarget(windowed)).toEqual({ kind: 'window', url: 'https://report.example.org' });
    expect(resolveMenuPath([menu({ name: '监控', path: '/monitor', children: [embedded] })], '/myiframe/swagger')).toMatchObject({
      kind: 'iframe',
      url: embedded.path,
    });
    expect(externalUrl(embedded.path, 'tok')).toBe('http://localhost:7002/doc.html?token=tok');
  });

  it('internal pages of open type 2 open a new window too (big screens, the monitoring map)', () => {
    expect(openTarget(menu({ name: '大屏', path: '/big-screen/inspection', isOpen: 2 }))).toEqual({ kind: 'window', url: '/big-screen/inspection' });
    expect(openTarget(menu({ name: '用户', path: '/system/user' }))).toEqual({ kind: 'route', path: '/system/user' });
  });
});

describe('route descriptors', () => {
  it('a childless top-level item gets an index child rendering its page', () => {
    const onePicture = menu({ name: '水库一张图', path: '/one-picture/index' });
    const [route] = buildMenuRoutes([onePicture]);
    expect(route.kind).toBe('group');
    expect(route.children).toEqual([expect.objectContaining({ index: true, kind: 'page', path: '/one-picture/index', menu: onePicture })]);
    expect(resolveMenuPath([onePicture], '/one-picture/index')).toMatchObject({ kind: 'page' });
  });

  it('route names are Saber\'s "<name>,<id>"', () => {
    const user = menu({ name: '用户管理', path: '/system/user' });
    const [route] = buildMenuRoutes([menu({ name: '系统管理', path: '/system', children: [user] })]);
    expect(route.children![0].name).toBe(`用户管理,${user.id}`);
  });

  it('a list page whose only children are hidden detail pages is a page, and so are they', () => {
    const plans = menu({
      name: '巡查计划',
      path: '/inspect-plan/index',
      children: [
        menu({ name: '新建巡查计划', path: '/inspect-plan/add', alias: 'hideMenu' }),
        menu({ name: '巡查计划详情', path: '/inspect-plan/detail', alias: 'hideMenu' }),
      ],
    });
    const items = [menu({ name: '巡查管理', path: '/inspect', children: [plans] })];
    expect(resolveMenuPath(items, '/inspect-plan/index')).toMatchObject({ kind: 'page', route: { menu: plans } });
    expect(resolveMenuPath(items, '/inspect-plan/add')).toMatchObject({ kind: 'page' });
    expect(resolveMenuPath(items, '/inspect')).toEqual({ kind: 'notFound' });
  });

  it('unknown paths resolve to notFound, trailing slashes are ignored', () => {
    const items = [menu({ name: '系统管理', path: '/system', children: [menu({ name: '用户管理', path: '/system/user' })] })];
    expect(resolveMenuPath(items, '/system/user/')).toMatchObject({ kind: 'page' });
    expect(resolveMenuPath(items, '/nope')).toEqual({ kind: 'notFound' });
    // A group without a page of its own is not a route.
    expect(resolveMenuPath(items, '/system')).toEqual({ kind: 'notFound' });
  });
});

describe('preparing the menu for a user', () => {
  it('skips deleted items', () => {
    const items = prepareMenus(
      [
        menu({
          name: '系统管理',
          path: '/system',
          children: [menu({ name: '旧菜单', path: '/old', isDeleted: 1 }), menu({ name: '用户管理', path: '/system/user' })],
        }),
      ],
      admin,
    );
    expect(items[0].children!.map((item) => item.name)).toEqual(['用户管理']);
  });

  it('drops hideMenu aliases from the side menu while their routes stay reachable', () => {
    const detail = menu({ name: '巡查记录详情', path: '/inspect/inspectRecord/detail', alias: 'hideMenu' });
    const items = prepareMenus(
      [menu({ name: '巡查管理', path: '/inspect', children: [menu({ name: '巡查记录', path: '/inspect/inspectRecord/index', children: [detail] })] })],
      admin,
    );
    expect(JSON.stringify(sideMenus(items))).not.toContain('巡查记录详情');
    expect(resolveMenuPath(items, '/inspect/inspectRecord/detail')).toMatchObject({ kind: 'page' });
  });

  it('shows items with meta roles only to users who have one of them (array, comma string or JSON meta)', () => {
    const items = [
      menu({ name: '所有人', path: '/a' }),
      menu({ name: '仅河长', path: '/b', meta: { roles: ['river_chief'] } }),
      menu({ name: '管理员或河长', path: '/c', meta: { roles: 'administrator,river_chief' } }),
      menu({ name: 'JSON', path: '/d', meta: '{"roles":["farm_admin"]}' }),
    ];
    expect(prepareMenus(items, admin).map((item) => item.path)).toEqual(['/a', '/c']);
    expect(prepareMenus(items, { roles: ['farm_admin'] }).map((item) => item.path)).toEqual(['/a', '/d']);
    expect(prepareMenus(items, { roles: ['river_chief'] }).map((item) => item.path)).toEqual(['/a', '/b', '/c']);
  });

  it('renames 待签收 to 问题台账 for river_chief only', () => {
    const items = [menu({ name: '事件管理', path: '/event', children: [menu({ name: '待签收', nameEn: 'To be signed for', path: '/event/received/index' })] })];
    expect(prepareMenus(items, { roles: ['river_chief'] })[0].children![0]).toMatchObject({ name: '问题台账', nameEn: 'Issue ledger' });
    expect(prepareMenus(items, { roles: ['farm_admin'] })[0].children![0].name).toBe('待签收');
    // Another item with the same name elsewhere keeps it.
    expect(prepareMenus([menu({ name: '待签收', path: '/work/claim' })], { roles: ['river_chief'] })[0].name).toBe('待签收');
  });
});

describe('map routes', () => {
  it('the public-sentiment view follows role and region-code length', () => {
    expect(publicSentimentView({ roles: ['administrator'], regionCode: '350524' })).toBe('province');
    expect(publicSentimentView({ roles: ['farm_admin'], regionCode: '33' })).toBe('province');
    expect(publicSentimentView({ roles: ['farm_admin'], regionCode: '3505' })).toBe('province');
    expect(publicSentimentView({ roles: ['farm_admin'], regionCode: '350524' })).toBe('county');
    expect(publicSentimentView({ roles: ['subject_admin'], regionCode: '33' })).toBe('county');
    expect(publicSentimentView({ roles: ['farm_admin'], regionCode: '35052' })).toBeUndefined();
    expect(publicSentimentView({ roles: ['river_chief'], regionCode: '33' })).toBeUndefined();
  });

  it('exist only with the map entry: /map → /map/province, the sentiment view, the monitor when present', () => {
    expect(mapRoutes([menu({ name: '系统', path: '/system' })])).toEqual({ redirects: {}, paths: [] });
    const forAdmin = prepareMenus([mapEntry()], admin);
    expect(mapRoutes(forAdmin)).toEqual({ redirects: { '/map': '/map/province' }, paths: ['/map/province', '/map/monitor'] });
    expect(resolveMenuPath(forAdmin, '/map')).toEqual({ kind: 'redirect', to: '/map/province' });
    expect(resolveMenuPath(prepareMenus([menu({ name: '系统', path: '/system' })], admin), '/map')).toEqual({ kind: 'notFound' });

    const withoutMonitor = mapEntry();
    withoutMonitor.children = withoutMonitor.children!.filter((child) => child.path !== '/map/monitor');
    expect(mapRoutes(prepareMenus([withoutMonitor], admin)).paths).toEqual(['/map/province']);
  });

  it('points the public-sentiment child at the county view for a county farm_admin, and drops it when no view applies', () => {
    const county = prepareMenus([mapEntry()], { roles: ['farm_admin'], regionCode: '350524' });
    expect(sideMenus(county)[0].children!.map((child) => child.path)).toEqual(['/map/county', '/map/monitor']);
    const none = prepareMenus([mapEntry()], { roles: ['farm_admin'], regionCode: '35052' });
    expect(sideMenus(none)[0].children!.map((child) => child.path)).toEqual(['/map/monitor']);
  });
});

describe('the public-sentiment shortcut', () => {
  it('shows only for administrator, farm_admin and subject_admin, and only with the map entry and its sentiment child', () => {
    const menus = (context: MenuContext) => prepareMenus([mapEntry()], context);
    expect(publicSentimentShortcut(menus(admin), admin)).toBe('/map/province');
    const subject = { roles: ['subject_admin'], regionCode: '350524' };
    expect(publicSentimentShortcut(menus(subject), subject)).toBe('/map/county');
    const chief = { roles: ['river_chief'], regionCode: '33' };
    expect(publicSentimentShortcut(menus(chief), chief)).toBeUndefined();
    expect(publicSentimentShortcut(prepareMenus([menu({ name: '系统', path: '/system' })], admin), admin)).toBeUndefined();
    const bare = menu({ name: '地图监管', path: '/map', children: [menu({ name: '监控地图', path: '/map/monitor' })] });
    expect(publicSentimentShortcut(prepareMenus([bare], admin), admin)).toBeUndefined();
  });
});

describe('menu search', () => {
  const items = sideMenus(
    prepareMenus(
      [
        menu({
          name: '系统管理',
          nameEn: 'System',
          path: '/system',
          children: [
            menu({ name: '用户管理', nameEn: 'Users', path: '/system/user' }),
            menu({ name: '参数管理', nameEn: 'Parameters', path: '/system/param' }),
            menu({ name: '用户详情', path: '/system/user/detail', alias: 'hideMenu' }),
          ],
        }),
      ],
      admin,
    ),
  );

  it('matches the start of leaf names, ignoring case, in either language', () => {
    expect(searchLeafMenus(items, '用户', 'zh').map((item) => item.path)).toEqual(['/system/user']);
    expect(searchLeafMenus(items, 'pARa', 'zh').map((item) => item.path)).toEqual(['/system/param']);
    expect(searchLeafMenus(items, '  us', 'en').map((item) => item.path)).toEqual(['/system/user']);
  });

  it('never matches the middle of a name, a parent, or an empty query', () => {
    expect(searchLeafMenus(items, '管理', 'zh')).toEqual([]);
    expect(searchLeafMenus(items, '系统', 'zh')).toEqual([]);
    expect(searchLeafMenus(items, ' ', 'zh')).toEqual([]);
  });
});
