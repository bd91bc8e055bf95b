/**
 * Messages by key (issue 12). Every message a rule gives has a stable key (`parcels.notFound`,
 * `transition.cannotGo`) and, where it names something, parameters (`{ from, to }`); the English
 * text stays here as the default, the API sends it for its clients, and the web translates by
 * the key from its locale files.
 *
 * A rule still hands out the English text (zod wants a string), so the domain remembers which
 * key and parameters each text it rendered stands for: `messageOf(text)` is an exact lookup in
 * that record, never a guess at an English sentence.
 */

export type MessageParams = Record<string, string | number>;
export type Message = { key: string; params?: MessageParams };
/** A refusal inside a batch answer (one row of many): the error body's fields, without details. */
export type RowRefusal = { code: string; message: string; key?: string; params?: MessageParams };

/** Texts of the catalogues, registered once when their module loads. */
const fixed = new Map<string, Message>();
/** Texts rendered with parameters at run time (a tracking ID, a limit): the newest few thousand. */
const rendered = new Map<string, Message>();
const renderedLimit = 5000;

/** `{name}` in the English template replaced by the parameter. */
export function fillTemplate(template: string, params: MessageParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * The English text of a keyed message, remembered with its key and parameters for good: for
 * texts a rule makes when its module loads or from a small set of values (a field's label, two
 * statuses), e.g. `say('field.required', '{field} is required', { field: label })`.
 */
export function say(key: string, template: string, params?: MessageParams): string {
  const text = fillTemplate(template, params);
  if (!fixed.has(text)) fixed.set(text, params ? { key, params } : { key });
  return text;
}

/**
 * The same for a text made per request from values without bound (a tracking ID, an amount):
 * remembered among the newest few thousand, long enough for the answer to carry its key.
 */
export function sayNow(key: string, template: string, params: MessageParams): string {
  const text = fillTemplate(template, params);
  if (fixed.has(text)) return text;
  rendered.delete(text);
  if (rendered.size >= renderedLimit) {
    const oldest = rendered.keys().next().value;
    if (oldest !== undefined) rendered.delete(oldest);
  }
  rendered.set(text, { key, params });
  return text;
}

/**
 * Gives each text of a catalogue the key `namespace.name` (functions render through `say`
 * themselves). The catalogue is returned as it was, so its texts stay plain strings.
 */
export function keyed<T extends Record<string, unknown>>(namespace: string, catalogue: T): T {
  for (const [name, text] of Object.entries(catalogue)) {
    if (typeof text === 'string' && !fixed.has(text)) fixed.set(text, { key: `${namespace}.${name}` });
  }
  return catalogue;
}

/** The key and parameters of a text the domain gave out; undefined for any other text. */
export function messageOf(text: string): Message | undefined {
  return fixed.get(text) ?? rendered.get(text);
}

/** The message as the API sends it beside its English text: `{ key, params }`, params only when there are any. */
export function messageFields(text: string, message?: Message): Partial<Message> {
  const found = message ?? messageOf(text);
  if (!found) return {};
  return found.params ? { key: found.key, params: found.params } : { key: found.key };
}
