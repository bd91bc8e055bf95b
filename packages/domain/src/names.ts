import { z } from 'zod';
import { say } from './messages';

/** Text a form must fill in, trimmed: missing, empty or only spaces gives `required`. */
export function requiredText(required: string) {
  return z.string({ error: required }).trim().min(1, required);
}

/**
 * A number people type in groups (an NID, an account number): spaces and dashes are dropped,
 * then `digits` checks what is left; missing or empty gives `required`.
 */
export function groupedNumber(required: string, digits: (text: z.ZodString) => z.ZodString) {
  return z
    .string({ error: required })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(digits(z.string().min(1, required)));
}

/** Names: letters (any script), digits, spaces and & ' , . - (spec 5); trimmed; 2 to 100 long. */
const namePattern = /^[\p{L}\p{M}\d\s&',.-]+$/u;

export function nameSchema(label: string) {
  const field = { field: label };
  const required = say('field.required', '{field} is required', field);
  return requiredText(required)
    .min(2, say('field.minLength', '{field} must be at least {n} characters', { ...field, n: 2 }))
    .max(100, say('field.maxLength', '{field} must be at most {n} characters', { ...field, n: 100 }))
    .regex(
      namePattern,
      say('field.nameCharacters', "{field} may contain letters, digits, spaces and & ' , . - only", field),
    );
}

/** Email: local@domain with a dot in the domain (spec 5: "standard local@domain form"). */
export const emailSchema = z
  .string()
  .trim()
  .max(254, say('errors.invalidEmail', 'Invalid email'))
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, say('errors.invalidEmail', 'Invalid email'));
