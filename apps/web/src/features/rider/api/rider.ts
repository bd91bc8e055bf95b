import { staffOtpSentSchema, staffSessionResponseSchema } from '@dak/domain/api-responses';
import {
  deliveryProofSchema,
  type RiderDeliver,
  riderMoveResultSchema,
  riderRunSchema,
} from '@dak/domain/delivery-runs';
import type { FailedAttemptReason } from '@dak/domain/parcel-status';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { riderCashKey } from './rider-cash';

export const riderRunKey = ['rider', 'run'] as const;

/** POST /ops/auth/rider-login: a sign-in code to an active rider's phone. */
export function useRiderLogin() {
  return useMutation({
    mutationFn: (input: { phone: string }) =>
      apiRequest('/ops/auth/rider-login', {
        method: 'POST',
        body: input,
        auth: false,
        schema: staffOtpSentSchema,
      }),
  });
}

/** POST /ops/auth/verify: the code to a (rider's) staff session. */
export function useRiderVerify() {
  return useMutation({
    mutationFn: (input: { phone: string; code: string }) =>
      apiRequest('/ops/auth/verify', {
        method: 'POST',
        body: input,
        auth: false,
        // Asks for the session as an httpOnly cookie, not in the body.
        headers: { 'X-Dak-Console': '1' },
        schema: staffSessionResponseSchema,
      }),
  });
}

/** GET /rider/run: today's parcels, those still open, cash collected today. */
export function useRiderRun() {
  return useQuery({
    queryKey: riderRunKey,
    queryFn: ({ signal }) => apiRequest('/rider/run', { schema: riderRunSchema, signal }),
    // A rider's screen stays open all day: refresh when they come back to it.
    refetchOnWindowFocus: true,
    staleTime: 30_000,
  });
}

function useRunMutation<T>(fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: riderRunKey });
      // A delivery changes the cash the rider holds (the cash card).
      void queryClient.invalidateQueries({ queryKey: riderCashKey });
    },
  });
}

export function useDeliver() {
  return useRunMutation(({ trackingId, ...body }: RiderDeliver & { trackingId: string }) =>
    apiRequest(`/rider/parcels/${encodeURIComponent(trackingId)}/deliver`, {
      method: 'POST',
      body,
      schema: riderMoveResultSchema,
    }),
  );
}

export function useFail() {
  return useRunMutation(({ trackingId, reason }: { trackingId: string; reason: FailedAttemptReason }) =>
    apiRequest(`/rider/parcels/${encodeURIComponent(trackingId)}/fail`, {
      method: 'POST',
      body: { reason },
      schema: riderMoveResultSchema,
    }),
  );
}

/** POST /rider/proofs: the photo, checked by its bytes on the server. */
export function uploadProof(file: File) {
  const form = new FormData();
  form.append('photo', file);
  return apiRequest('/rider/proofs', { method: 'POST', body: form, schema: deliveryProofSchema });
}

export type CallOutcome = 'answered' | 'no_answer' | 'busy' | 'failed';

/**
 * POST /rider/parcels/:trackingId/calls: logs a call the rider made (the calls part owns the
 * route). Until that route is merged it answers 404: the call itself has happened, so a missing
 * log is not the rider's problem and is swallowed.
 */
export async function logCall(
  trackingId: string,
  body: { startedAt: string; durationSeconds?: number; outcome: CallOutcome },
) {
  try {
    await apiRequest(`/rider/parcels/${encodeURIComponent(trackingId)}/calls`, {
      method: 'POST',
      body,
      schema: z.unknown(),
    });
    return true;
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.code === 'ROUTE_NOT_FOUND')) return false;
    throw error;
  }
}
