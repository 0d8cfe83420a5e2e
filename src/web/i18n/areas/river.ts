/**
 * The river patrol pages' strings (locales/<language>/river/*.ts), loaded with those pages (router/routes/river.tsx).
 */
import { collect, type TranslationTree } from '../collect';
import type { AreaStrings } from '../areaStrings';

const strings: AreaStrings = {
  zh: collect(import.meta.glob<{ default: TranslationTree }>('../locales/zh/river/*.ts', { eager: true })),
  en: collect(import.meta.glob<{ default: TranslationTree }>('../locales/en/river/*.ts', { eager: true })),
};

export default strings;
