import type { ApiKeyScope } from '@dak/domain/api-keys';

/** A scope's locale key (i18next reads ':' as a namespace, so the scope is not the key itself). */
export const scopeKey = {
  'parcels:write': 'parcelsWrite',
  'parcels:read': 'parcelsRead',
  tracking: 'tracking',
  webhooks: 'webhooks',
} as const satisfies Record<ApiKeyScope, string>;
