/**
 * The console dashboard's strings (locales/<language>/dashboard/*.ts), loaded with its page (router/areaPage.ts).
 */
import { collect, type TranslationTree } from '../collect';
import type { AreaStrings } from '../areaStrings';

const strings: AreaStrings = {
  zh: collect(import.meta.glob<{ default: TranslationTree }>('../locales/zh/dashboard/*.ts', { eager: true })),
  en: collect(import.meta.glob<{ default: TranslationTree }>('../locales/en/dashboard/*.ts', { eager: true })),
};

export default strings;
