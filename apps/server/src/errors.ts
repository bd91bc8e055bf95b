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
