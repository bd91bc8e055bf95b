import { z } from 'zod';

/** Words shown in both languages: a name the server sends, and fixed code tables with such names. */

export type Bilingual = { en: string; bn: string };
export const bilingualSchema = z.object({ en: z.string(), bn: z.string() });

type CodeOf<T> = keyof T & string;

/** The codes of a table such as `{ not_ready: { en, bn }, … }`, in the table's order. */
export function codesOf<T extends Record<string, Bilingual>>(table: T): CodeOf<T>[] {
  return Object.keys(table) as CodeOf<T>[];
}

/** A schema taking one code of the table; its error lists them unless another is given. */
export function codeSchema<T extends Record<string, Bilingual>>(
  table: T,
  error = `Reason must be one of: ${codesOf(table).join(', ')}`,
) {
  return z.enum(codesOf(table) as [CodeOf<T>, ...CodeOf<T>[]], { error });
}
