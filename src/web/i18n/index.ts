/**
 * i18next set-up: Chinese by default, English on switch. The chosen language
 * is stored under the `language` key as the spec says. Only the shown
 * language's strings are loaded (each language is its own chunk): the first
 * render waits for them, and a switch loads the other language before it
 * changes, so no key ever shows in place of its text.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStore, setStore } from '../api/storage';
import type { TranslationTree } from './collect';

export type LanguageCode = 'zh' | 'en';

const loaders: Record<LanguageCode, () => Promise<{ default: TranslationTree }>> = {
  zh: () => import('./zh'),
  en: () => import('./en'),
};

export function storedLanguage(): LanguageCode {
  return getStore({ name: 'language' }) === 'en' ? 'en' : 'zh';
}

const loadedLanguages = new Set<LanguageCode>();

async function loadLanguage(language: LanguageCode): Promise<void> {
  if (loadedLanguages.has(language)) return;
  const { default: strings } = await loaders[language]();
  // Deep: an area's strings (addAreaStrings) may already be there for this language.
  i18next.addResourceBundle(language, 'translation', strings, true, false);
  loadedLanguages.add(language);
}

/** Strings of an area loaded with its pages (areaStrings.ts), for both languages, beside what is loaded. */
export function addAreaStrings(strings: Record<LanguageCode, TranslationTree>): void {
  for (const language of Object.keys(strings) as LanguageCode[]) i18next.addResourceBundle(language, 'translation', strings[language], true, false);
}

export async function initI18n(): Promise<typeof i18next> {
  const language = storedLanguage();
  const { default: strings } = await loaders[language]();
  loadedLanguages.add(language);
  await i18next.use(initReactI18next).init({
    resources: { [language]: { translation: strings } },
    lng: language,
    // Each language has every key (a unit test checks it), so nothing falls back to a language that is not loaded.
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
  return i18next;
}

/** Shows the console in a language without storing the choice (a page opened by the app with its own `lang`). */
export async function showLanguage(language: LanguageCode): Promise<void> {
  await loadLanguage(language);
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  await i18next.changeLanguage(language);
}

/** Switches the language and remembers it for the next visit. */
export async function changeLanguage(language: LanguageCode): Promise<void> {
  await loadLanguage(language);
  setStore({ name: 'language', content: language });
  await showLanguage(language);
}
