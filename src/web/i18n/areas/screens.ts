/**
 * The big screens' strings (locales/<language>/screens/*.ts: the frame, the inspection screen), loaded with those
 * pages (router/areaPage.ts).
 */
import { collect, type TranslationTree } from '../collect';
import type { AreaStrings } from '../areaStrings';

const strings: AreaStrings = {
  zh: collect(import.meta.glob<{ default: TranslationTree }>('../locales/zh/screens/*.ts', { eager: true })),
  en: collect(import.meta.glob<{ default: TranslationTree }>('../locales/en/screens/*.ts', { eager: true })),
};

export default strings;
