import { type ErrorCode, errorStatus } from '@dak/domain/errors';

/** Thrown by services; the one error handler turns it into the DESIGN.md error shape. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.status = errorStatus[code];
  }
}
