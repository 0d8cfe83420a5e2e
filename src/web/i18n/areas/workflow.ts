/**
 * The workflow pages' strings (locales/<language>/workflow/*.ts), loaded with those pages (router/areaPage.ts).
 */
import { collect, type TranslationTree } from '../collect';
import type { AreaStrings } from '../areaStrings';

const strings: AreaStrings = {
  zh: collect(import.meta.glob<{ default: TranslationTree }>('../locales/zh/workflow/*.ts', { eager: true })),
  en: collect(import.meta.glob<{ default: TranslationTree }>('../locales/en/workflow/*.ts', { eager: true })),
};

export default strings;
