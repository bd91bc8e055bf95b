import { type BulkStatusRequest, bulkStatusResultSchema } from '@dak/domain/operations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * PUT /ops/parcels/bulk-status: many parcels to one status, each answered on its own (in the
 * order sent). Lists that show parcel statuses are refetched afterwards.
 */
export function useBulkStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkStatusRequest) =>
      apiRequest('/ops/parcels/bulk-status', { method: 'PUT', body, schema: bulkStatusResultSchema }),
    // The console's lists of parcels (runs, approvals, hub work) may show the moved ones.
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: ({ queryKey }) => queryKey[0] === 'ops' && queryKey[1] !== 'me',
      }),
  });
}
