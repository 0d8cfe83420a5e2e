/**
 * The river big screen's strings (locales/<language>/riverScreen/*.ts), loaded with the screen (router/routes/riverScreen.tsx).
 */
import { collect, type TranslationTree } from '../collect';
import type { AreaStrings } from '../areaStrings';

const strings: AreaStrings = {
  zh: collect(import.meta.glob<{ default: TranslationTree }>('../locales/zh/riverScreen/*.ts', { eager: true })),
  en: collect(import.meta.glob<{ default: TranslationTree }>('../locales/en/riverScreen/*.ts', { eager: true })),
};

export default strings;
