import type { FastifyReply } from 'fastify';
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
 * Sends JSON already serialised: Fastify sends a string with a JSON content type as it is, so the
 * route's serializer does not run again. The content type is the one Fastify gives serialised JSON.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
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
