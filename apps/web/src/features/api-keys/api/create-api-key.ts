import { type ApiKeyCreate, apiKeyCreatedSchema } from '@dak/domain/api-keys';
import { apiRequest } from '../../../lib/api-client';
import { apiKeysPath, useApiKeysChange } from './list-api-keys';

/** POST /shops/:shopId/api-keys: the answer holds the secret and token, shown this once. */
export function createApiKey(input: { shopId: string } & ApiKeyCreate) {
  const { shopId, ...body } = input;
  return apiRequest(apiKeysPath(shopId), { method: 'POST', body, schema: apiKeyCreatedSchema });
}

export function useCreateApiKey() {
  return useApiKeysChange(createApiKey);
}
