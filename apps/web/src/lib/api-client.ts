import { type ErrorCode, errorStatus } from '@dak/domain/errors';
import type { MessageParams } from '@dak/domain/messages';
import { ApiError } from './api-error';
import { authHeaders, getAuth } from './auth-storage';

/** Anything with zod's `parse`: the response schemas of `@dak/domain` check what comes back. */
export type ResponseParser<T> = { parse: (data: unknown) => T };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions<T> = {
  method?: Method;
  /** JSON, or a FormData for a file upload (the browser then sets the multipart boundary). */
  body?: unknown;
  /** Send who is signed in (default). Sign-in calls pass false so a stale token never interferes. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
  /** Send a string body as it is, with this type (a CSV file's text), instead of as JSON. */
  contentType?: string;
  schema: ResponseParser<T>;
};

type Handlers = {
  /** A signed-in call came back 401: the session is gone. */
  onUnauthorized: () => void;
  /** The API could not be reached at all. */
  onUnreachable: () => void;
};

let handlers: Handlers = { onUnauthorized: () => {}, onUnreachable: () => {} };

/** The app wires navigation and cache clearing in here once the router exists. */
export function configureApiClient(next: Handlers): void {
  handlers = next;
}

export const apiBase = '/api/v1';

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorStatus, value);
}

function toApiError(status: number, body: unknown): ApiError {
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const error = (body as { error: unknown }).error;
    if (typeof error === 'object' && error !== null) {
      const { code, message, details, key, params } = error as Record<string, unknown>;
      return new ApiError({
        status,
        code: isErrorCode(code) ? code : status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED',
        message: typeof message === 'string' && message !== '' ? message : 'Something went wrong',
        details,
        ...(typeof key === 'string' ? { key } : {}),
        ...(typeof params === 'object' && params !== null ? { params: params as MessageParams } : {}),
      });
    }
  }
  return new ApiError({ status, code: 'BAD_RESPONSE', message: 'Something went wrong' });
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One call to the API: JSON in and out, the bearer token, and the app-wide failure rules. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const stored = options.auth === false ? null : getAuth();
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  const raw = options.contentType !== undefined && typeof options.body === 'string';
  const requestBody =
    options.body instanceof FormData || options.body === undefined
      ? options.body
      : raw
        ? String(options.body)
        : JSON.stringify(options.body);
  if (typeof requestBody === 'string')
    headers['Content-Type'] = raw ? String(options.contentType) : 'application/json';
  Object.assign(headers, authHeaders(stored));

  let response: Response;
  try {
    response = await fetch(`${apiBase}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: requestBody,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    handlers.onUnreachable();
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'The service cannot be reached' });
  }

  const body = parseJson(await response.text());
  if (!response.ok) {
    // A gateway with no API behind it answers 502-504 without our error body: same as no answer.
    if (response.status >= 502 && response.status <= 504 && body === undefined) {
      handlers.onUnreachable();
      throw new ApiError({
        status: response.status,
        code: 'NETWORK_ERROR',
        message: 'The service cannot be reached',
      });
    }
    const error = toApiError(response.status, body);
    if (response.status === 401 && stored && error.code !== 'INVALID_CREDENTIALS') handlers.onUnauthorized();
    throw error;
  }
  try {
    return options.schema.parse(body);
  } catch {
    throw new ApiError({ status: response.status, code: 'BAD_RESPONSE', message: 'Something went wrong' });
  }
}

/**
 * A POST made before anyone is signed in (sign-in, sign-up, password reset): the input as the
 * JSON body, no bearer token, the answer checked by `schema`.
 */
export function publicPost<T>(
  path: string,
  input: unknown,
  schema: ResponseParser<T>,
  headers?: Record<string, string>,
): Promise<T> {
  return apiRequest(path, { method: 'POST', body: input, auth: false, schema, headers });
}
