import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * A response body as the route's zod serializer writes it (fastify-type-provider-zod: encode
 * through the schema, then JSON.stringify), computed once for an answer shared by many requests
 * (issue 16: the district list, repeated area searches). A body that does not match its schema
 * throws here, as the serializer would.
 */
export function serialiseAnswer<T>(schema: z.ZodType<T>, data: T): string {
  return JSON.stringify(z.encode(schema, data));
}

/**
 * Sends JSON kept as UTF-8 bytes: no encoding and no length to measure per request (issue 16: a
 * body with Bengali text is encoded to UTF-8 on every write when sent as a string).
 */
export function sendJsonBytes(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

/** A shared answer ready to send: its UTF-8 bytes, encoded once, and a strong ETag of them. */
export type PrebuiltAnswer = { body: Buffer; etag: string };

export function prebuiltAnswer(json: string): PrebuiltAnswer {
  const body = Buffer.from(json, 'utf8');
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 13.1.2; `*` too). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch === etag) return true;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || (t.startsWith('W/') ? t.slice(2) : t) === etag;
  });
}

/**
 * Sends a prebuilt answer as its bytes (no serialising, no encoding, the length known), with its
 * ETag and cache-control; `304 Not Modified` and no body when the client already holds it.
 */
export function sendPrebuilt(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PrebuiltAnswer,
  cacheControl: string,
): FastifyReply {
  reply.headers({ etag: answer.etag, 'cache-control': cacheControl });
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return sendJsonBytes(reply, answer.body);
}

type Pick = (data: Record<string, unknown>) => Record<string, unknown>;

type Nested = (value: unknown) => unknown;

/** How a field's value is written: an object's own fields, an array of objects item by item, else as it is. */
function nestedOf(field: unknown): Nested | null {
  if (field instanceof z.ZodObject) {
    const pick = picker(field);
    return (value) => pick(value as Record<string, unknown>);
  }
  if (field instanceof z.ZodArray && field.element instanceof z.ZodObject) {
    const pick = picker(field.element);
    return (value) => (value as Record<string, unknown>[]).map(pick);
  }
  return null;
}

function picker(schema: z.ZodObject): Pick {
  const fields = Object.entries(schema.shape).map(([key, field]) => [key, nestedOf(field)] as const);
  return (data) => {
    const out: Record<string, unknown> = {};
    for (const [key, nested] of fields) {
      const value = data[key];
      if (value === undefined) continue;
      out[key] = nested && value !== null ? nested(value) : value;
    }
    return out;
  };
}

/**
 * A prebuilt serializer for a response schema of plain JSON fields (numbers, strings, enums,
 * `z.date()` (written by JSON.stringify as the encode's Date is), nested objects and arrays of
 * objects of them: no codecs, transforms or defaults to fill), for a hot route whose answer
 * differs per request (the public calculator, the parcel list; issue 16): the schema's keys in
 * order, unknown keys dropped as zod's encode drops them, then JSON.stringify.
 * It does not check the values' types: the route's TypeScript type does. json-answer.test.ts
 * pins it to the zod serializer's output.
 */
export function plainJsonSerializer(schema: z.ZodObject): (data: unknown) => string {
  const pick = picker(schema);
  return (data) => JSON.stringify(pick(data as Record<string, unknown>));
}
