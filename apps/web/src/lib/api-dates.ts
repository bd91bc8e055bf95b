import type { ResponseParser } from './api-client';

// A timestamp as the API writes one (JSON has no dates): 2026-11-22T02:26:18.735Z.
const isoTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Turns every ISO timestamp string in a parsed JSON value into a Date; dates like 1994-07-21 stay text. */
export function reviveDates(value: unknown): unknown {
  if (typeof value === 'string') return isoTimestamp.test(value) ? new Date(value) : value;
  if (Array.isArray(value)) return value.map(reviveDates);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, reviveDates(item)]));
  }
  return value;
}

/**
 * A domain response schema that declares `z.date()` (the server's view) read in the browser,
 * where the same field arrives as a string: the timestamps are revived before the schema runs.
 */
export function withDates<T>(schema: ResponseParser<T>): ResponseParser<T> {
  return { parse: (data: unknown) => schema.parse(reviveDates(data)) };
}
