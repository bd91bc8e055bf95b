import type { FastifyRequest, FastifySchema } from 'fastify';

/**
 * The options of a staff route: the guard that resolves the staff member (`guards.staff(…)`), and
 * the OpenAPI schema with its tags, summary and bearer security, so a route states only its own
 * shapes.
 */
export function staffRoute<S extends FastifySchema>(
  guard: (request: FastifyRequest) => Promise<void>,
  tags: string[],
  summary: string,
  schema: S,
) {
  return { preValidation: guard, schema: { tags, summary, security: [{ bearer: [] }], ...schema } };
}
