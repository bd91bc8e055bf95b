import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiBase } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { authHeaders } from '../../../lib/auth-storage';

/**
 * GET /shops/:shopId/parcels/:parcelId/proof: the photo the rider took at delivery. An <img>
 * cannot send the Bearer header, so it is fetched here and shown through an object URL.
 */
export async function getProofPhoto(shopId: string, parcelId: string, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(
      `${apiBase}/shops/${encodeURIComponent(shopId)}/parcels/${encodeURIComponent(parcelId)}/proof`,
      { headers: authHeaders(), signal },
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'The service cannot be reached' });
  }
  if (!response.ok) {
    let message = 'This parcel has no delivery photo';
    try {
      message = ((await response.json()) as { error?: { message?: string } }).error?.message ?? message;
    } catch {}
    throw new ApiError({
      status: response.status,
      code: response.status === 403 ? 'FORBIDDEN' : response.status === 404 ? 'NOT_FOUND' : 'INTERNAL',
      message,
    });
  }
  return response.blob();
}

export function proofPhotoQueryOptions(shopId: string, parcelId: string) {
  return queryOptions({
    queryKey: ['proof-photo', shopId, parcelId] as const,
    queryFn: ({ signal }) => getProofPhoto(shopId, parcelId, signal),
    // A delivery's photo never changes; a customer's doorstep should not linger in memory.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
  });
}

export function useProofPhoto(shopId: string, parcelId: string) {
  return useQuery(proofPhotoQueryOptions(shopId, parcelId));
}
