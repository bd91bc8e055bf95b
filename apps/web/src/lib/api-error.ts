import type { ErrorCode } from '@dak/domain/errors';
import type { MessageParams } from '@dak/domain/messages';

/** Codes the client adds for failures that never reached the API or came back unreadable. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'BAD_RESPONSE';

/** A failed API call, in the shape of the API's error body (DESIGN.md section 6). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  readonly details: unknown;
  /** The message's key and params (issue 12): the web translates by them. */
  readonly key?: string;
  readonly params: MessageParams;

  constructor(input: {
    status: number;
    code: ErrorCode | ClientErrorCode;
    message: string;
    details?: unknown;
    key?: string;
    params?: MessageParams;
  }) {
    super(input.message);
    this.name = 'ApiError';
    this.status = input.status;
    this.code = input.code;
    this.details = input.details;
    this.key = input.key;
    this.params = input.params ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Seconds to wait before asking again, from a 429's details (OTP_RESEND_TOO_SOON). */
export function retryAfterSeconds(error: unknown): number | null {
  if (!isApiError(error)) return null;
  const details = error.details;
  if (typeof details !== 'object' || details === null) return null;
  const value = (details as Record<string, unknown>).retryAfterSeconds;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.ceil(value) : null;
}

/** Field errors of a VALIDATION_FAILED response: body.phone → phone. */
export function fieldErrors(error: unknown): Array<{ field: string; message: string }> {
  if (!isApiError(error) || error.code !== 'VALIDATION_FAILED') return [];
  const details = error.details;
  if (typeof details !== 'object' || details === null) return [];
  const fields = (details as Record<string, unknown>).fields;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { path, message } = item as Record<string, unknown>;
    if (typeof path !== 'string' || typeof message !== 'string') return [];
    return [{ field: path.replace(/^body\./, ''), message }];
  });
}
