import { z } from 'zod';

/** Names: letters (any script), digits, spaces and & ' , . - (spec 5); trimmed; 2 to 100 long. */
const namePattern = /^[\p{L}\p{M}\d\s&',.-]+$/u;

export function nameSchema(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .min(2, `${label} must be at least 2 characters`)
    .max(100, `${label} must be at most 100 characters`)
    .regex(namePattern, `${label} may contain letters, digits, spaces and & ' , . - only`);
}

/** Email: local@domain with a dot in the domain (spec 5: "standard local@domain form"). */
export const emailSchema = z
  .string()
  .trim()
  .max(254, 'Invalid email')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Invalid email');
