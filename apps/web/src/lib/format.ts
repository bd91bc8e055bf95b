import { localizeDigits } from '@dak/domain/digits';
import type { Language } from './i18n';

export { localizeDigits, toLatinDigits } from '@dak/domain/digits';

// Bangladesh groups by lakh and crore (1,00,000) in both languages.
// Formatted with Latin digits first, then the digits are swapped for the Bengali UI.
const numberFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

export function formatNumber(value: number, language: Language): string {
  return localizeDigits(numberFormat.format(value), language);
}

/** Taka with the sign in front: ৳1,250 / ৳১,২৫০. */
export function formatTaka(amount: number, language: Language): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}৳${formatNumber(Math.abs(amount), language)}`;
}

const monthNames: Record<Language, readonly string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  bn: [
    'জানুয়ারি',
    'ফেব্রুয়ারি',
    'মার্চ',
    'এপ্রিল',
    'মে',
    'জুন',
    'জুলাই',
    'আগস্ট',
    'সেপ্টেম্বর',
    'অক্টোবর',
    'নভেম্বর',
    'ডিসেম্বর',
  ],
};

/** A calendar date as people in Bangladesh write it: 22 November 2026 / ২২ নভেম্বর ২০২৬. */
export function formatDate(value: Date | string, language: Language): string {
  const date =
    typeof value === 'string' ? new Date(value.length === 10 ? `${value}T00:00:00` : value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const text = `${date.getDate()} ${monthNames[language][date.getMonth()]} ${date.getFullYear()}`;
  return localizeDigits(text, language);
}

/** A countdown as m:ss (0:45 / ০:৪৫). */
export function formatCountdown(totalSeconds: number, language: Language): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return localizeDigits(text, language);
}
