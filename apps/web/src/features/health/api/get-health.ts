import { healthResponseSchema } from '@dak/domain/api-responses';
import { useMutation } from '@tanstack/react-query';
import { apiBase } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

/**
 * GET /health, called directly rather than through the API client: the 503 page must not send
 * itself back to the 503 page when the check fails.
 */
export async function getHealth() {
  let response: Response;
  try {
    response = await fetch(`${apiBase}/health`, {
      headers: { Accept: 'application/json' },
      cache: 'no-store',
    });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'The service cannot be reached' });
  }
  if (!response.ok) {
    throw new ApiError({
      status: response.status,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Service unavailable',
    });
  }
  return healthResponseSchema.parse(await response.json());
}

/** A retry button's check, so it runs only when pressed. */
export function useHealthCheck() {
  return useMutation({ mutationFn: getHealth });
}
