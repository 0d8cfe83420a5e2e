/**
 * The matrix screens' strings (locales/<language>/matrixScreens/*.ts), loaded with those pages (router/areaPage.ts).
 */
import { collect, type TranslationTree } from '../collect';
import type { AreaStrings } from '../areaStrings';

const strings: AreaStrings = {
  zh: collect(import.meta.glob<{ default: TranslationTree }>('../locales/zh/matrixScreens/*.ts', { eager: true })),
  en: collect(import.meta.glob<{ default: TranslationTree }>('../locales/en/matrixScreens/*.ts', { eager: true })),
};

export default strings;
