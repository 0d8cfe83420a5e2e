import type { RouteObject } from 'react-router-dom';

/**
 * What each area of the console contributes to the router, one file per area
 * under router/routes/: pages outside the main layout (sign-in, lock, big
 * screens …) and pages inside it (paths relative to /).
 */
export interface RouteModule {
  publicRoutes?: RouteObject[];
  layoutRoutes?: RouteObject[];
  /**
   * Pages generated from the schemas (x-page): a hand-written page of another area for the same path replaces the
   * generated one (the event register's detail page is pages/event, not the generic detail page).
   */
  isGenerated?: boolean;
}

/** The layout routes of every area, hand-written first; a generated route whose path a hand-written one holds is left out. */
export function layoutRoutesOf(modules: RouteModule[]): RouteObject[] {
  const handWritten = modules.filter((m) => !m.isGenerated).flatMap((m) => m.layoutRoutes ?? []);
  const taken = new Set(handWritten.map((route) => route.path));
  const generated = modules.filter((m) => m.isGenerated).flatMap((m) => m.layoutRoutes ?? []);
  return [...handWritten, ...generated.filter((route) => !taken.has(route.path))];
}
