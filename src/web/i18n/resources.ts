/**
 * Both languages' translation resources, for tests (a unit test checks that
 * English has exactly the keys Chinese has). The console itself loads one
 * language at a time through ./index.ts.
 */
import en from './en';
import zh from './zh';

export const resources = { zh, en };
export type { TranslationTree } from './collect';
