import { type ErrorBody, type ErrorCode, errorStatus, messages } from '@dak/domain/errors';
import { type Message, messageFields, type RowRefusal } from '@dak/domain/messages';
import { TransitionError, type TransitionRefusal } from '@dak/domain/parcel-status';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { databaseProblem } from '../db/database';
import { AppError, SmsNotSentError } from '../errors';

/**
 * A peer's error body (issue 15: the compatible APIs answer errors as Steadfast, Pathao or RedX
 * do): set as a route's `peerErrorBody`, it shapes the body; the status and headers stay ours.
 */
export type PeerErrorBody = (error: { code: ErrorCode; message: string; details?: unknown }) => unknown;

declare module 'fastify' {
  interface FastifyContextConfig {
    peerErrorBody?: PeerErrorBody;
  }
}

function send(reply: FastifyReply, code: ErrorCode, message: string, details?: unknown, said?: Message) {
  // A refusal that says how long to wait says it in the standard header too (RFC 9110).
  const wait = (details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  if (errorStatus[code] === 429 && typeof wait === 'number') reply.header('retry-after', String(wait));
  const peer = reply.request.routeOptions.config?.peerErrorBody;
  if (peer)
    return reply.status(errorStatus[code]).type('application/json').send(peer({ code, message, details }));
  const body: ErrorBody = {
    error: { code, message, ...keyAndParams(message, said), ...(details === undefined ? {} : { details }) },
  };
  return reply.status(errorStatus[code]).type('application/json').send(body);
}

/** A message's key (when the domain gave the text out) and its params (always, maybe empty). */
function keyAndParams(message: string, said?: Message): { key?: string; params: Message['params'] & {} } {
  const { key, params } = messageFields(message, said);
  return key ? { key, params: params ?? {} } : { params: {} };
}

/** A refusal as one row of a batch answer states it: `{ code, message, key, params }`. */
export function rowRefusal(error: AppError): RowRefusal {
  return { code: error.code, message: error.message, ...keyAndParams(error.message, error.said) };
}

/**
 * The status machine's refusals by kind: a move the table does not have, or one that waits for
 * the merchant's decision, 409; a move this actor may not make, 403; a missing or wrong part, 400.
 */
const transitionCodes: Record<TransitionRefusal, ErrorCode> = {
  illegal: 'INVALID_TRANSITION',
  forbidden: 'FORBIDDEN',
  waiting: 'INVALID_TRANSITION',
  input: 'VALIDATION_FAILED',
};

/**
 * An error in the API's vocabulary: an AppError as it is, a status machine refusal by its kind
 * (`about` adds what the caller knows, e.g. the tracking ID); undefined for any other error.
 */
export function asAppError(error: unknown, about: Record<string, unknown> = {}): AppError | undefined {
  if (error instanceof AppError) return error;
  if (!(error instanceof TransitionError)) return undefined;
  const { refusal, move, field } = error;
  const details =
    refusal === 'input' ? { ...about, field } : refusal === 'waiting' ? about : { ...about, ...move };
  return new AppError(transitionCodes[refusal], error.message, details, {
    key: error.key,
    params: error.params,
  });
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
    const known = asAppError(error);
    if (known) return send(reply, known.code, known.message, known.details, known.said);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => ({
        path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)]
          .filter(Boolean)
          .join('.'),
        message: issue.message,
        ...keyAndParams(issue.message ?? ''),
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

    // The SMS gateway down or refusing (a code could not be sent): "try again", never a 500.
    if ((error as unknown) instanceof SmsNotSentError) {
      request.log.warn({ err: error }, 'SMS gateway refused or unreachable');
      return send(reply, 'SERVICE_UNAVAILABLE', messages.serviceBusy);
    }

    const fastifyKnown = error.code ? fastifyCodes[error.code] : undefined;
    if (fastifyKnown) return send(reply, fastifyKnown[0], fastifyKnown[1]);
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

/**
 * Errors Fastify raises before routing (a path whose %-escapes are not UTF-8: `/api/v1/tracking/%ff`),
 * in the same error shape as every other refusal instead of Fastify's own.
 */
export function frameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') return send(reply, 'VALIDATION_FAILED', 'The address is not valid');
  return send(reply, 'VALIDATION_FAILED', 'Invalid request');
}
