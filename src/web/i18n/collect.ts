/**
 * Merges one language's locale files (locales/<language>/*.ts) into one tree.
 * Each area of the console owns one file per language (core.ts, shell.ts,
 * system.ts …) with its own top-level keys.
 */
export type TranslationTree = { [key: string]: string | TranslationTree };

export function collect(modules: Record<string, { default: TranslationTree }>): TranslationTree {
  const merged: TranslationTree = {};
  for (const [path, module] of Object.entries(modules)) {
    for (const [key, value] of Object.entries(module.default)) {
      if (key in merged) throw new Error(`i18n: the key "${key}" is defined twice (${path})`);
      merged[key] = value;
    }
  }
  return merged;
}
