/**
 * Strings of an area of the console that load with its pages rather than in the language chunk every page waits
 * for, so the sign-in page stays within its JavaScript budget. One file per area in ./areas/ holds both languages
 * (a few kilobytes; switching language on such a page needs nothing more); its route module loads it with the page
 * (router/areaPage.ts), and resources.ts gathers every area for the test that English has exactly Chinese's keys.
 */
import type { TranslationTree } from './collect';

export type AreaStrings = Record<'zh' | 'en', TranslationTree>;
