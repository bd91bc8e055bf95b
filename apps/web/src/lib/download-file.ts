import { type ErrorCode, errorStatus } from '@dak/domain/errors';
import { apiBase } from './api-client';
import { ApiError } from './api-error';
import { authHeaders } from './auth-storage';

type DownloadOptions = {
  /** The Accept header; the API's errors still come as JSON. */
  accept?: string;
  /** The code for a failure whose body names none we know (a gateway's page), by status. */
  codeForStatus?: (status: number) => ErrorCode;
};

/** A file route's failure: the API's JSON error (its code when we know it, else by status) as an ApiError. */
export async function fileRouteError(
  response: Response,
  codeForStatus?: (status: number) => ErrorCode,
): Promise<ApiError> {
  const body = (await response.json().catch(() => undefined)) as
    | { error?: { code?: string; message?: string; details?: unknown } }
    | undefined;
  const code = body?.error?.code;
  return new ApiError({
    status: response.status,
    code:
      code && Object.hasOwn(errorStatus, code)
        ? (code as ErrorCode)
        : (codeForStatus?.(response.status) ?? 'INTERNAL'),
    message: body?.error?.message ?? 'Something went wrong',
    details: body?.error?.details,
  });
}

/** A file route that could not be reached at all. */
export const unreachable = () =>
  new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'The service cannot be reached' });

/**
 * GET an API path that answers a file, not JSON: a plain fetch with the bearer token (a link
 * cannot send it), saved under `fileName` through an object URL; a failure is still the API's JSON
 * error, thrown as an ApiError.
 */
export async function downloadFile(path: string, fileName: string, options: DownloadOptions = {}) {
  let response: Response;
  try {
    response = await fetch(`${apiBase}${path}`, {
      headers: { ...(options.accept ? { Accept: options.accept } : {}), ...authHeaders() },
    });
  } catch {
    throw unreachable();
  }
  if (!response.ok) throw await fileRouteError(response, options.codeForStatus);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
