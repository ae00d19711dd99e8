import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { zh } from '../shared/i18n/zh/index.ts';
import { getStore, setStore } from './storage.ts';

export type Language = 'zh' | 'en';

/** The stored preference, default zh (spec §1). */
export function storedLanguage(): Language {
  return getStore<string>('language') === 'en' ? 'en' : 'zh';
}

/**
 * English is fetched the first time it is used, so its strings stay out of every first load (zh is the default, the
 * spec's §1). Until they are in, a component that needs them waits in its Suspense fallback.
 */
const englishOnDemand: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    if (language !== 'en') {
      callback(null, {});
      return;
    }
    import('../shared/i18n/en/index.ts').then(
      ({ en }) => callback(null, en),
      (error: Error) => callback(error, null),
    );
  },
};

export function initI18n() {
  const lng = storedLanguage();
  void i18next
    .use(englishOnDemand)
    .use(initReactI18next)
    .init({
      resources: { zh: { translation: zh } },
      partialBundledLanguages: true,
      lng,
      fallbackLng: 'zh',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  applyDocumentLanguage(lng);
  return i18next;
}

export async function setLanguage(lng: Language) {
  setStore('language', lng);
  await i18next.changeLanguage(lng);
  applyDocumentLanguage(lng);
}

export const currentLanguage = (): Language => (i18next.language === 'en' ? 'en' : 'zh');

function applyDocumentLanguage(lng: Language) {
  dayjs.locale(lng === 'en' ? 'en' : 'zh-cn');
  document.documentElement.lang = lng === 'en' ? 'en' : 'zh-CN';
}

export const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options) as string;

/**
 * Strings a lazily loaded screen brings (its own chunk's, not the shell's): Chinese added now, English once English is
 * in. Added earlier, an English bundle would stand for the whole of English, and the rest would never be fetched.
 */
export function addScreenStrings(key: string, zh: object, en: object) {
  const addEnglish = () => i18next.addResourceBundle('en', 'translation', { [key]: en }, true, false);
  const add = () => {
    i18next.addResourceBundle('zh', 'translation', { [key]: zh }, true, false);
    if (i18next.hasResourceBundle('en', 'translation')) addEnglish();
  };
  if (i18next.isInitialized) add();
  else i18next.on('initialized', add);
  i18next.on('loaded', (loaded: Record<string, unknown>) => {
    if (loaded.en) addEnglish();
  });
}
