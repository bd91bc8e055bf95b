import { type ErrorCode, errorStatus } from '@dak/domain/errors';
import type { Message } from '@dak/domain/messages';

/**
 * Thrown by services; the one error handler turns it into the DESIGN.md error shape. The message
 * is a domain text, whose key and params the handler finds (`said` gives them when known already).
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly said?: Message,
  ) {
    super(message);
    this.status = errorStatus[code];
  }
}

/**
 * The SMS gateway refused a message or could not be reached (the message is recorded as failed
 * in the outbox, with the gateway's words). A request that needed the SMS answers 503 "try again",
 * not 500; a job fails and is retried as before. The message stays the gateway's own.
 */
export class SmsNotSentError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'SmsNotSentError';
  }
}
