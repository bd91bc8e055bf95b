/**
 * Bengali and Latin digits (glossary: counts, money and times in Bengali digits in the Bengali UI;
 * phone numbers and codes as typed). One place for both directions, used by the server's texts
 * (SMS, notifications) and the browser.
 */
const bengaliDigits = '০১২৩৪৫৬৭৮৯';

/** Bengali digits to Latin, so "০১৭১২৩৪৫৬৭৮" typed on a Bengali keyboard still counts. */
export function toLatinDigits(value: string): string {
  return value.replace(/[০-৯]/g, (digit) => String(bengaliDigits.indexOf(digit)));
}

/** Latin digits to Bengali for a Bengali reader (counts, times); never for phone numbers or codes. */
export function localizeDigits(value: string, language: 'en' | 'bn'): string {
  if (language !== 'bn') return value;
  return value.replace(/\d/g, (digit) => bengaliDigits[Number(digit)] ?? digit);
}
