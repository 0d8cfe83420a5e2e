/**
 * Translation resources, gathered from every file under locales/<language>/.
 * Each area of the console owns one file per language (core.ts, shell.ts,
 * system.ts …) with its own top-level keys; a unit test checks that English
 * has exactly the keys Chinese has.
 */
type Tree = { [key: string]: string | Tree };

const modules = import.meta.glob<{ default: Tree }>('./locales/*/*.ts', { eager: true });

function collect(language: 'zh' | 'en'): Tree {
  const merged: Tree = {};
  for (const [path, module] of Object.entries(modules)) {
    if (!path.startsWith(`./locales/${language}/`)) continue;
    for (const [key, value] of Object.entries(module.default)) {
      if (key in merged) throw new Error(`i18n: the key "${key}" is defined twice (${path})`);
      merged[key] = value;
    }
  }
  return merged;
}

export const resources = { zh: collect('zh'), en: collect('en') };
export type { Tree as TranslationTree };
