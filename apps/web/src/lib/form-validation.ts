import type { FormInstance, FormRule } from 'antd';

/** The part of a zod schema the forms use: a shared `@dak/domain` schema is the only rulebook. */
type Issue = { path: ReadonlyArray<PropertyKey>; message: string };
export type SafeParser<T> = {
  safeParse: (value: unknown) => { success: true; data: T } | { success: false; error: { issues: Issue[] } };
};

/**
 * Where the messages go: antd's FormInstance has this, and so has a plain form (the sign-in page's,
 * which must not load antd, issue 16).
 */
export type FieldSetter =
  | FormInstance
  | { setFields: (fields: Array<{ name: string; errors: string[] }>) => void };

/**
 * An antd rule that runs one field's shared schema. `prepare` turns the widget's value into what
 * the API receives (a date picker's day into YYYY-MM-DD).
 */
export function schemaRule(
  schema: SafeParser<unknown>,
  translate: (message: string) => string,
  prepare: (value: unknown) => unknown = (value) => value,
  /** Wording for an empty field when the schema's own message reads oddly for "nothing typed". */
  whenEmpty?: string,
): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const prepared = prepare(value);
      const result = schema.safeParse(prepared);
      if (result.success) return;
      if (whenEmpty && (prepared === undefined || prepared === '')) throw new Error(whenEmpty);
      throw new Error(translate(result.error.issues[0]?.message ?? ''));
    },
  };
}

/**
 * Runs the whole shared schema over the prepared values (rules across fields, like a matching
 * confirmation, and the transforms such as the phone's 880 form). On failure every field gets its
 * message and null comes back.
 */
export function parseForm<T>(
  form: FieldSetter,
  schema: SafeParser<T>,
  values: unknown,
  translate: (message: string) => string,
): T | null {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const byField = new Map<string, string[]>();
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    byField.set(field, [...(byField.get(field) ?? []), translate(issue.message)]);
  }
  form.setFields(
    [...byField.entries()].map(([field, errors]) => ({ name: field, errors: errors.slice(0, 1) })),
  );
  return null;
}

/** Puts a server's VALIDATION_FAILED field messages under the matching inputs. */
export function showFieldErrors(
  form: FieldSetter,
  fields: readonly string[],
  errors: Array<{ field: string; message: string }>,
  translate: (message: string) => string,
): boolean {
  const known = new Set(fields);
  const shown = errors.filter((error) => known.has(error.field));
  form.setFields(shown.map((error) => ({ name: error.field, errors: [translate(error.message)] })));
  return shown.length > 0;
}
