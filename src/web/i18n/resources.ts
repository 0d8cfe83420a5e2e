/**
 * Both languages' translation resources, for tests (a unit test checks that
 * English has exactly the keys Chinese has): the language chunks and the
 * strings of every area loaded with its pages (areas/*.ts). The console
 * itself loads one language at a time through ./index.ts.
 */
import type { AreaStrings } from './areaStrings';
import { collect } from './collect';
import en from './en';
import zh from './zh';

const areas = import.meta.glob<{ default: AreaStrings }>('./areas/*.ts', { eager: true });
const ofLanguage = (language: 'zh' | 'en') => Object.fromEntries(Object.entries(areas).map(([path, module]) => [path, { default: module.default[language] }]));

export const resources = {
  zh: collect({ './zh.ts': { default: zh }, ...ofLanguage('zh') }),
  en: collect({ './en.ts': { default: en }, ...ofLanguage('en') }),
};
export type { TranslationTree } from './collect';
