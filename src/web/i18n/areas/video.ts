/**
 * The video pages' strings written for issue 15 (locales/<language>/video/*.ts: the camera detail page and the
 * wall's new controls), loaded with those pages (router/areaPage.ts); the older wall strings stay in videoMonitor.
 */
import { collect, type TranslationTree } from '../collect';
import type { AreaStrings } from '../areaStrings';

const strings: AreaStrings = {
  zh: collect(import.meta.glob<{ default: TranslationTree }>('../locales/zh/video/*.ts', { eager: true })),
  en: collect(import.meta.glob<{ default: TranslationTree }>('../locales/en/video/*.ts', { eager: true })),
};

export default strings;
