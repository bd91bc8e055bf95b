import type { NidImageSide } from '@dak/domain/nid';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiBase } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { authHeaders } from '../../../lib/auth-storage';

/**
 * GET /ops/nid/:id/image/:side: the photo's bytes. An <img> cannot send the Bearer header, so the
 * photo is fetched here and shown through an object URL.
 */
export async function getNidImage(id: string, side: NidImageSide, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`${apiBase}/ops/nid/${encodeURIComponent(id)}/image/${side}`, {
      headers: authHeaders(),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'The service cannot be reached' });
  }
  if (!response.ok) {
    const code =
      response.status === 401
        ? 'UNAUTHENTICATED'
        : response.status === 403
          ? 'FORBIDDEN'
          : response.status === 404
            ? 'NOT_FOUND'
            : 'INTERNAL';
    throw new ApiError({ status: response.status, code, message: 'Image not available' });
  }
  return response.blob();
}

export function nidImageQueryOptions(id: string, side: NidImageSide) {
  return queryOptions({
    queryKey: ['ops', 'nid', 'image', id, side] as const,
    queryFn: ({ signal }) => getNidImage(id, side, signal),
    // A submission's photos never change; and an identity document should not linger in memory.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
}

export function useNidImage(id: string, side: NidImageSide) {
  return useQuery(nidImageQueryOptions(id, side));
}
