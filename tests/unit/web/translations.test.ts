/**
 * Every visible string goes through i18next: English must have exactly the
 * keys Chinese has, and no value may be empty.
 */
import { describe, expect, it } from 'vitest';
import { resources, type TranslationTree } from '../../../src/web/i18n/resources';

function keysOf(tree: TranslationTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`)));
}

function valueAt(tree: TranslationTree, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as TranslationTree | undefined)?.[key], tree);
}

describe('translations', () => {
  it('English has exactly the keys of Chinese', () => {
    expect(keysOf(resources.en).sort()).toEqual(keysOf(resources.zh).sort());
  });

  it('no translation is empty', () => {
    for (const language of ['zh', 'en'] as const) {
      for (const key of keysOf(resources[language])) expect(String(valueAt(resources[language], key)).trim(), `${language}:${key}`).not.toBe('');
    }
  });

  it('the core strings exist in both languages', () => {
    expect(valueAt(resources.zh, 'login.submit')).toBe('登 录');
    expect(valueAt(resources.en, 'login.submit')).toBe('Sign in');
  });
});
