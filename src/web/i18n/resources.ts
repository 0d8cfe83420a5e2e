/**
 * Both languages' translation resources, for tests (a unit test checks that
 * English has exactly the keys Chinese has): the language chunks and the
 * strings of the areas loaded with their pages (workflowStrings.ts). The
 * console itself loads one language at a time through ./index.ts.
 */
import { collect } from './collect';
import en from './en';
import { workflowStrings } from './workflowStrings';
import zh from './zh';

export const resources = {
  zh: collect({ './zh.ts': { default: zh }, './workflowStrings.ts': { default: workflowStrings.zh } }),
  en: collect({ './en.ts': { default: en }, './workflowStrings.ts': { default: workflowStrings.en } }),
};
export type { TranslationTree } from './collect';
