import { z } from 'zod';
import { messages } from './errors';

/**
 * A Bangladeshi mobile number as the spec allows it: optional +88 or 88, then 01, then 1 or 3-9,
 * then 8 digits. Spaces and dashes people type between groups are ignored.
 */
const mobilePattern = /^(?:\+?88)?01[13-9]\d{8}$/;

/** Strips separators a person might type: "017-1234 5678" → "01712345678". */
function compact(input: string): string {
  return input.trim().replace(/[\s-]/g, '');
}

export function isValidPhone(input: string): boolean {
  return mobilePattern.test(compact(input));
}

/**
 * Normalises a valid number to the stored form: strip +880, 880 or 0 and put 880 in front
 * ("+8801712345678", "01712345678" → "8801712345678"). Returns null for anything invalid.
 */
export function normalizePhone(input: string): string | null {
  const value = compact(input);
  if (!mobilePattern.test(value)) return null;
  const local = value.replace(/^\+?880/, '').replace(/^0/, '');
  if (local.length !== 10) return null;
  return `880${local}`;
}

/** Shows a stored number the way Bangladeshis write it: 01712-345678. */
export function formatPhoneLocal(stored: string): string {
  const local = `0${stored.replace(/^880/, '')}`;
  return `${local.slice(0, 5)}-${local.slice(5)}`;
}

/** A phone field: any accepted spelling in, the 880… form out; otherwise the spec's message. */
export const phoneSchema = z
  .string({ error: messages.invalidPhone })
  .min(1, messages.phoneRequired)
  .transform((value, ctx) => {
    const normalized = normalizePhone(value);
    if (!normalized) {
      ctx.addIssue({ code: 'custom', message: messages.invalidPhone });
      return z.NEVER;
    }
    return normalized;
  });
