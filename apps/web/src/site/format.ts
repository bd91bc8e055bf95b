export { formatDate, formatNumber, formatTaka, localizeDigits, toLatinDigits } from '../lib/format';

/** A date and time as people in Bangladesh read it, in Dhaka time: 22 Nov 2026, 14:05. */
export function formatDateTime(iso: string, lang: 'en' | 'bn'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const text = new Intl.DateTimeFormat(lang === 'bn' ? 'bn-BD' : 'en-GB', {
    timeZone: 'Asia/Dhaka',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(date);
  return text;
}
