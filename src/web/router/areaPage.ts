/**
 * Loads a page together with its area's strings (i18n/areaStrings.ts), added to i18next before the page renders:
 *
 *   lazy(() => withAreaStrings(() => import('../../i18n/areas/workflow'), () => import('../../pages/…').then((m) => m.Page)))
 */
import type { ComponentType } from 'react';
import type { AreaStrings } from '../i18n/areaStrings';
import { addAreaStrings } from '../i18n/index';

export async function withAreaStrings<P>(
  area: () => Promise<{ default: AreaStrings }>,
  page: () => Promise<ComponentType<P>>,
): Promise<{ default: ComponentType<P> }> {
  const [{ default: strings }, component] = await Promise.all([area(), page()]);
  addAreaStrings(strings);
  return { default: component };
}

/** The workflow area's pages (the four route modules router/routes/workflow*.tsx). */
export const withWorkflowStrings = <P>(page: () => Promise<ComponentType<P>>) => withAreaStrings(() => import('../i18n/areas/workflow'), page);
