/**
 * Loads a workflow page together with the workflow strings (i18n/workflowStrings.ts: not in the language chunk the
 * sign-in page waits for), added to i18next before the page renders.
 */
import type { ComponentType } from 'react';

export async function withWorkflowStrings<P>(page: () => Promise<ComponentType<P>>): Promise<{ default: ComponentType<P> }> {
  const [{ workflowStrings }, { addAreaStrings }, component] = await Promise.all([import('../i18n/workflowStrings'), import('../i18n/index'), page()]);
  addAreaStrings(workflowStrings);
  return { default: component };
}
