import { z } from 'zod';
import { keyed, say } from './messages';

/**
 * Address rules of spec 5, for every address a merchant types (shop, pickup, and later the
 * customer's): required, trimmed, in English, at least 5 letters or digits, at most 250
 * characters, none of the refused characters; under 10 characters is only a warning.
 */
export const addressRules = { minAlphanumeric: 5, warnBelowLength: 10, maxLength: 250 } as const;

/**
 * Characters refused in an address. No street address needs them, and they are what breaks
 * printed labels, spreadsheet exports (a leading `|` or `;`), HTML and SMS templates.
 * Everyday punctuation stays allowed: , . - / # ( ) & ' " : + @ _ and the like.
 */
export const disallowedAddressCharacters = ['<', '>', '{', '}', '[', ']', '\\', '^', '`', '|', '~', '$', ';'];

const disallowedPattern = /[<>{}[\]\\^`|~$;]/;
/** The Bengali block (letters, signs and Bengali digits): the courier's labels and riders' apps read English. */
const bengaliPattern = /[\u0980-\u09FF]/;
const controlPattern = /\p{Cc}/u;
const alphanumericPattern = /[A-Za-z0-9]/g;

export const addressMessages = keyed('address', {
  required: (label: string) => say('field.required', '{field} is required', { field: label }),
  english: 'Please write the address in English',
  tooFewAlphanumerics: (label: string) =>
    say('field.tooFewAlphanumerics', '{field} must have at least {n} letters or digits', {
      field: label,
      n: addressRules.minAlphanumeric,
    }),
  tooLong: (label: string) =>
    say('field.maxLength', '{field} must be at most {n} characters', {
      field: label,
      n: addressRules.maxLength,
    }),
  disallowed: (label: string) =>
    say('field.disallowed', '{field} may not contain any of {chars}', {
      field: label,
      chars: disallowedAddressCharacters.join(' '),
    }),
  short: 'This address looks short. Add the house, road and area so the rider can find it.',
} as const);

/** Trims and folds runs of spaces, tabs and line breaks into one space, as it is printed on a label. */
export function normalizeAddress(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** The first rule a (normalised) address breaks, as the message to show, or null when it is fine. */
export function addressProblem(text: string, label = 'Address'): string | null {
  const value = normalizeAddress(text);
  if (value.length === 0) return addressMessages.required(label);
  if (bengaliPattern.test(value)) return addressMessages.english;
  if (disallowedPattern.test(value) || controlPattern.test(value)) return addressMessages.disallowed(label);
  if (value.length > addressRules.maxLength) return addressMessages.tooLong(label);
  if ((value.match(alphanumericPattern)?.length ?? 0) < addressRules.minAlphanumeric) {
    return addressMessages.tooFewAlphanumerics(label);
  }
  return null;
}

/**
 * The spec's "warning under 10 characters": a valid but short address may be saved, and the form
 * shows this line under the field. Null when there is nothing to warn about (or nothing typed).
 */
export function addressWarning(text: string): string | null {
  const value = normalizeAddress(text);
  if (value.length === 0 || value.length >= addressRules.warnBelowLength) return null;
  return addressMessages.short;
}

/** An address field: normalised, then checked; the message names the field ("Pickup address is required"). */
export function addressSchema(label = 'Address') {
  return z
    .string({ error: addressMessages.required(label) })
    .overwrite(normalizeAddress)
    .superRefine((value, ctx) => {
      const problem = addressProblem(value, label);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}
