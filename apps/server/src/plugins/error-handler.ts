import { type ErrorBody, type ErrorCode, errorStatus, messages } from '@dak/domain/errors';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { databaseProblem } from '../db/database';
import { AppError } from '../errors';

function send(reply: FastifyReply, code: ErrorCode, message: string, details?: unknown) {
  // A refusal that says how long to wait says it in the standard header too (RFC 9110).
  const wait = (details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  if (errorStatus[code] === 429 && typeof wait === 'number') reply.header('retry-after', String(wait));
  const body: ErrorBody = { error: { code, message, ...(details === undefined ? {} : { details }) } };
  return reply.status(errorStatus[code]).type('application/json').send(body);
}

/** Fastify's own client errors, by their code, in our vocabulary. */
const fastifyCodes: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['INVALID_JSON', 'Request body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['INVALID_JSON', 'Request body is empty but JSON was declared'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'Request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['VALIDATION_FAILED', 'Content-Length does not match the body'],
};

/**
 * The one mapper from errors to responses (DESIGN.md section 6): AppError by its code, schema
 * failures as VALIDATION_FAILED with the first rule's message (the spec's words) and every field
 * in details, Fastify's parser errors by code, the database's busy or lost connections as 503 and
 * its lock timeouts as 409; everything else is logged and masked as a 500.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return send(reply, error.code, error.message, error.details);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => ({
        path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)]
          .filter(Boolean)
          .join('.'),
        message: issue.message,
      }));
      return send(reply, 'VALIDATION_FAILED', fields[0]?.message ?? 'Invalid request', { fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(reply, 'INTERNAL', messages.somethingWentWrong);
    }

    // The database guards (issue 11): busy or cut off is "try again", never a 500.
    const problem = databaseProblem(error);
    if (problem) {
      request.log.warn({ err: error, problem }, 'database refused or lost the request');
      if (problem === 'locked') return send(reply, 'CONFLICT', messages.beingChanged);
      if (problem === 'busy') reply.header('retry-after', '1');
      return send(
        reply,
        'SERVICE_UNAVAILABLE',
        problem === 'busy' ? messages.serviceBusy : messages.serviceInterrupted,
      );
    }

    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) return send(reply, known[0], known[1]);
    if (error.statusCode === 429) return send(reply, 'RATE_LIMITED', messages.rateLimited);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return send(reply, 'VALIDATION_FAILED', 'Invalid request');
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 'INTERNAL', messages.somethingWentWrong);
  });
}

export function sendNotFound(reply: FastifyReply, method: string, url: string) {
  return send(reply, 'ROUTE_NOT_FOUND', `No route ${method} ${url.split('?')[0]}`);
}
