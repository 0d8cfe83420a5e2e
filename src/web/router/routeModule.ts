import type { RouteObject } from 'react-router-dom';

/**
 * What each area of the console contributes to the router, one file per area
 * under router/routes/: pages outside the main layout (sign-in, lock, big
 * screens …) and pages inside it (paths relative to /).
 */
export interface RouteModule {
  publicRoutes?: RouteObject[];
  layoutRoutes?: RouteObject[];
}
