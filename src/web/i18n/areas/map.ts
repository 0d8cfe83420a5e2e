/**
 * The offline map's strings (locales/<language>/map/*.ts), loaded with the map itself (map/OfflineMap.tsx).
 */
import { collect, type TranslationTree } from '../collect';
import type { AreaStrings } from '../areaStrings';

const strings: AreaStrings = {
  zh: collect(import.meta.glob<{ default: TranslationTree }>('../locales/zh/map/*.ts', { eager: true })),
  en: collect(import.meta.glob<{ default: TranslationTree }>('../locales/en/map/*.ts', { eager: true })),
};

export default strings;
