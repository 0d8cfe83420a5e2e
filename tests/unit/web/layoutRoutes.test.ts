/**
 * A hand-written page replaces the page generated from a schema for the same path, whatever order the route
 * files load in; generated pages nobody wrote by hand stay.
 */
import { describe, expect, it } from 'vitest';
import { layoutRoutesOf, type RouteModule } from '../../../src/web/router/routeModule';

const generated: RouteModule = { isGenerated: true, layoutRoutes: [{ path: 'event/received/index' }, { path: 'event/detail' }] };
const handWritten: RouteModule = { layoutRoutes: [{ path: 'event/detail', id: 'hand' }, { path: 'order/info/detail' }] };

describe('layout routes', () => {
  it('take the hand-written page of a path a schema also declares, in either order', () => {
    for (const modules of [
      [generated, handWritten],
      [handWritten, generated],
    ]) {
      const routes = layoutRoutesOf(modules);
      expect(routes.map((route) => route.path).sort()).toEqual(['event/detail', 'event/received/index', 'order/info/detail']);
      expect(routes.find((route) => route.path === 'event/detail')?.id).toBe('hand');
    }
  });
});
