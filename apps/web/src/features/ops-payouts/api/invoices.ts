import { type InvoiceStatus, opsInvoiceListSchema, opsInvoiceSchema } from '@dak/domain/money-api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { payoutsKey } from './payout-runs';

export type OpsInvoiceQuery = {
  status?: InvoiceStatus;
  runId?: string;
  limit: number;
  offset: number;
};

/** GET /ops/invoices?status&runId&limit&offset: invoices as finance sees them. */
export function useOpsInvoices(query: OpsInvoiceQuery, options: { enabled?: boolean } = {}) {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.status) params.set('status', query.status);
  if (query.runId) params.set('runId', query.runId);
  return useQuery({
    queryKey: [...payoutsKey, 'invoices', query] as const,
    queryFn: ({ signal }) => apiRequest(`/ops/invoices?${params}`, { schema: opsInvoiceListSchema, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export type InvoiceDecision =
  | { invoiceId: string; decision: 'paid'; reference: string }
  | { invoiceId: string; decision: 'bounced'; reason: string };

/**
 * POST /ops/invoices/{id}/paid {reference} or .../bounced {reason}. The answer is read loosely:
 * the lists are asked again either way, and they are what the screen shows.
 */
export function useDecideInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, decision, ...body }: InvoiceDecision) =>
      apiRequest(`/ops/invoices/${encodeURIComponent(invoiceId)}/${decision}`, {
        method: 'POST',
        body,
        schema: z.union([opsInvoiceSchema, z.unknown()]),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutsKey }),
  });
}
