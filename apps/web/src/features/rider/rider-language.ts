import { useEffect } from 'react';
import { setLanguage } from '../../lib/i18n';

const chosenKey = 'dak.riderLangChosen';

/**
 * Riders read Bengali by default: the first time this browser opens the rider view it switches to
 * Bengali. Once the rider has used the switch, their choice (kept as the app's language) stands.
 */
export function useRiderLanguageDefault() {
  useEffect(() => {
    try {
      if (window.localStorage.getItem(chosenKey)) return;
      window.localStorage.setItem(chosenKey, 'default');
    } catch {
      // No storage: Bengali for this visit.
    }
    setLanguage('bn');
  }, []);
}

/** The rider's own choice of language, remembered over the Bengali default. */
export function chooseRiderLanguage(language: 'en' | 'bn') {
  try {
    window.localStorage.setItem(chosenKey, 'chosen');
  } catch {
    // The choice lasts for this visit only.
  }
  setLanguage(language);
}
