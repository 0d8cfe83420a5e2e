/**
 * Loads a big screen's page with the frame's strings (areas/screens: the cold-open page) and, when given, its own
 * area's strings, so every screen's route module writes:
 *
 *   lazy(() => withScreenStrings(() => import('../../pages/…').then((m) => m.Page), () => import('../../i18n/areas/matrixScreens')))
 */
import type { ComponentType } from 'react';
import type { AreaStrings } from '../i18n/areaStrings';
import { withAreaStrings } from '../router/areaPage';

export function withScreenStrings<P>(
  page: () => Promise<ComponentType<P>>,
  area?: () => Promise<{ default: AreaStrings }>,
): Promise<{ default: ComponentType<P> }> {
  const pageWithArea = area ? () => withAreaStrings(area, page).then((m) => m.default) : page;
  return withAreaStrings(() => import('../i18n/areas/screens'), pageWithArea);
}
