import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { apiKeysPath, useApiKeysChange } from './list-api-keys';

const revokedSchema = z.object({ id: z.uuid(), revokedAt: z.string() });

/** DELETE /shops/:shopId/api-keys/:id: the key is refused from its next request on. */
export function revokeApiKey(input: { shopId: string; id: string }) {
  return apiRequest(`${apiKeysPath(input.shopId)}/${encodeURIComponent(input.id)}`, {
    method: 'DELETE',
    schema: revokedSchema,
  });
}

export function useRevokeApiKey() {
  return useApiKeysChange(revokeApiKey);
}
