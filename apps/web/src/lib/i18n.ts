import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import bn from '../locales/bn.json';
import en from '../locales/en.json';
import opsBn from '../locales/ops.bn.json';
import opsEn from '../locales/ops.en.json';

export const languages = ['en', 'bn'] as const;
export type Language = (typeof languages)[number];

/** Every key of en.json, dotted: the type of a translation key held in a variable. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends Record<string, unknown>
    ? Leaves<T[K], `${Prefix}${K}.`>
    : `${Prefix}${K}`;
}[keyof T & string];
export type TranslationKey = Leaves<Translation>;

/**
 * The operations console's strings live in their own files (ops.en.json, ops.bn.json), under the
 * `opsConsole` key of the one namespace, so the console and the merchant panel edit apart.
 */
export type Translation = typeof en & { opsConsole: typeof opsEn };

// Bengali must have every English key; a missing one fails the type check here.
const bnTranslation: typeof en = bn;
const bnOps: typeof opsEn = opsBn;

const storageKey = 'dak.lang';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(storageKey);
    return isLanguage(value) ? value : 'en';
  } catch {
    return 'en';
  }
}

/** The page's language, title and description follow the chosen language. */
function applyToDocument(language: Language) {
  document.documentElement.lang = language;
  document.title = i18n.t('app.title');
  document.querySelector('meta[name="description"]')?.setAttribute('content', i18n.t('app.description'));
}

void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: { ...en, opsConsole: opsEn } satisfies Translation },
    bn: { translation: { ...bnTranslation, opsConsole: bnOps } satisfies Translation },
  },
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: languages,
  interpolation: { escapeValue: false },
  returnNull: false,
});

applyToDocument(currentLanguage());

i18n.on('languageChanged', (language) => {
  if (isLanguage(language)) applyToDocument(language);
});

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

export function setLanguage(language: Language): void {
  try {
    window.localStorage.setItem(storageKey, language);
  } catch {
    // The choice then lasts for this visit only.
  }
  void i18n.changeLanguage(language);
}

/** The chosen language, re-rendering when it changes. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return isLanguage(instance.language) ? instance.language : 'en';
}

export { i18n };
