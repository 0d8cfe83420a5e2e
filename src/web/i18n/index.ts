/**
 * i18next set-up: Chinese by default, English on switch. The chosen language
 * is stored under the `language` key as the spec says.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStore, setStore } from '../api/storage';
import { resources } from './resources';

export type LanguageCode = 'zh' | 'en';

export function storedLanguage(): LanguageCode {
  return getStore({ name: 'language' }) === 'en' ? 'en' : 'zh';
}

export async function initI18n(): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    resources: { zh: { translation: resources.zh }, en: { translation: resources.en } },
    lng: storedLanguage(),
    fallbackLng: 'zh',
    interpolation: { escapeValue: false },
  });
  return i18next;
}

export async function changeLanguage(language: LanguageCode): Promise<void> {
  setStore({ name: 'language', content: language });
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  await i18next.changeLanguage(language);
}
