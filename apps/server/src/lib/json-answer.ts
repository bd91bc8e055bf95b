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
