/**
 * The one-picture map's and the map views' strings (locales/<language>/onePicture/*.ts), loaded with those pages
 * (router/areaPage.ts).
 */
import { collect, type TranslationTree } from '../collect';
import type { AreaStrings } from '../areaStrings';

const strings: AreaStrings = {
  zh: collect(import.meta.glob<{ default: TranslationTree }>('../locales/zh/onePicture/*.ts', { eager: true })),
  en: collect(import.meta.glob<{ default: TranslationTree }>('../locales/en/onePicture/*.ts', { eager: true })),
};

export default strings;
