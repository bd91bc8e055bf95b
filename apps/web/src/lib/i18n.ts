import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type bn from '../locales/bn.json';
import type en from '../locales/en.json';
import type opsBn from '../locales/ops.bn.json';
import type opsEn from '../locales/ops.en.json';

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
type BengaliComplete = typeof bn extends typeof en
  ? typeof opsBn extends typeof opsEn
    ? true
    : never
  : never;
export const bengaliComplete: BengaliComplete = true;

/**
 * Each language's strings are a chunk of their own, fetched before the first render (main.tsx)
 * and before a switch: a page downloads its own language only, never both (issue 16, the first
 * screen's budget). The console's strings come with the console's and the rider's routes.
 */
const panelStrings: Record<Language, () => Promise<{ default: typeof en }>> = {
  en: () => import('../locales/en.json'),
  bn: () => import('../locales/bn.json'),
};
const consoleStrings: Record<Language, () => Promise<{ default: typeof opsEn }>> = {
  en: () => import('../locales/ops.en.json'),
  bn: () => import('../locales/ops.bn.json'),
};
let consoleWanted = false;
const consoleLoaded = new Set<Language>();

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
  resources: {},
  lng: storedLanguage(),
  // Bengali has every key (checked above), so English is not fetched as a fallback on Bengali pages.
  fallbackLng: false,
  supportedLngs: languages,
  interpolation: { escapeValue: false },
  returnNull: false,
});

i18n.on('languageChanged', (language) => {
  if (isLanguage(language) && i18n.hasResourceBundle(language, 'translation')) applyToDocument(language);
});

async function loadStrings(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) {
    const { default: strings } = await panelStrings[language]();
    i18n.addResourceBundle(language, 'translation', strings, true, false);
  }
  if (consoleWanted && !consoleLoaded.has(language)) {
    const { default: strings } = await consoleStrings[language]();
    i18n.addResourceBundle(language, 'translation', { opsConsole: strings }, true, false);
    consoleLoaded.add(language);
  }
}

/** Fetches the chosen language's strings; the app renders after this (main.tsx). */
export async function loadLanguage(language: Language = currentLanguage()): Promise<void> {
  await loadStrings(language);
  applyToDocument(language);
}

/**
 * The console's and the rider's strings (`opsConsole.…`), in the page's language and in any it
 * switches to from now on: the routes that use them await this before they render.
 */
export async function loadConsoleStrings(): Promise<void> {
  consoleWanted = true;
  await loadStrings(currentLanguage());
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

export function setLanguage(language: Language): void {
  try {
    window.localStorage.setItem(storageKey, language);
  } catch {
    // The choice then lasts for this visit only.
  }
  void loadStrings(language).then(() => i18n.changeLanguage(language));
}

/** The chosen language, re-rendering when it changes. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return isLanguage(instance.language) ? instance.language : 'en';
}

export { i18n };
