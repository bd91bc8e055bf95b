import { z } from 'zod';
import { bulkRowError } from './bulk';
import { keyed, say, sayNow } from './messages';

/**
 * A shop's API keys (issue 15, item 1): the developer API's credentials. A key acts as its shop
 * with its scopes and nothing more; which route takes which scope is declared on the route (the
 * server's `guards.shop(permission, { apiKey: scope })`), and a route that declares none refuses
 * every key.
 */
export const apiKeyScopes = ['parcels:write', 'parcels:read', 'tracking', 'webhooks'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** A shop's live (not revoked) keys at most: enough for every store and environment it runs. */
export const maxActiveApiKeys = 20;
export const apiKeyNameMaxLength = 60;

/**
 * The token a client sends, `Authorization: Bearer dak_<keyId>_<secret>`: keyId is 16 lowercase
 * letters and digits (public: the list shows it, the Steadfast-style `Api-Key` is it), the secret
 * 32 random bytes in base64url (43 characters).
 */
export const apiKeyTokenPrefix = 'dak_';
const tokenPattern = /^dak_([a-z0-9]{16})_([A-Za-z0-9_-]{43})$/;
export const apiKeyIdPattern = /^[a-z0-9]{16}$/;

export function formatApiKeyToken(keyId: string, secret: string): string {
  return `${apiKeyTokenPrefix}${keyId}_${secret}`;
}

/** The parts of a well-formed token, or null (then it is not a key at all). */
export function parseApiKeyToken(token: string): { keyId: string; secret: string } | null {
  const match = tokenPattern.exec(token);
  if (!match?.[1] || !match[2]) return null;
  return { keyId: match[1], secret: match[2] };
}

/** Whether a bearer token claims to be an API key (well-formed or not): keys never act as users. */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(apiKeyTokenPrefix);
}

/** What the list shows of a key: enough to recognise it, never enough to use it. */
export function apiKeyPrefix(keyId: string): string {
  return `${apiKeyTokenPrefix}${keyId}_…`;
}

export const apiKeyMessages = keyed('apiKeys', {
  notFound: 'API key not found',
  nameTaken: 'A key with this name already exists in the shop',
  scopesRequired: 'Choose at least one scope',
  unknownScope: 'Unknown scope',
  tooManyKeys: `A shop can have at most ${maxActiveApiKeys} active API keys; revoke one first`,
  keyNotAllowed: 'An API key cannot use this route; sign in as the shop owner',
  otherShop: 'This API key belongs to another shop',
  alreadyRevoked: 'This API key is already revoked',
});

/** The refusal of a key without the scope a route declares. */
export function missingScopeMessage(scope: ApiKeyScope): string {
  return sayNow('apiKeys.missingScope', 'This API key does not have the {scope} scope', { scope });
}

const nameRequired = say('field.required', '{field} is required', { field: 'Key name' });

/**
 * A key's name: what the owner calls it ("WooCommerce store", "Staging"). Trimmed, 1 to 60
 * characters, no control characters; unique among the shop's live keys (checked by the server).
 */
export const apiKeyNameSchema = z
  .string({ error: nameRequired })
  .trim()
  .min(1, nameRequired)
  .max(
    apiKeyNameMaxLength,
    say('field.maxLength', '{field} must be at most {n} characters', {
      field: 'Key name',
      n: apiKeyNameMaxLength,
    }),
  )
  .refine(
    (name) => ![...name].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127),
    say('apiKeys.nameInvalid', 'Key name has characters that are not allowed'),
  );

export const apiKeyScopeSchema = z.enum(apiKeyScopes, { error: apiKeyMessages.unknownScope });

/** POST /shops/:shopId/api-keys. Scopes: one or more, each once. */
export const apiKeyCreateSchema = z.object({
  name: apiKeyNameSchema,
  scopes: z
    .array(apiKeyScopeSchema, { error: apiKeyMessages.scopesRequired })
    .min(1, apiKeyMessages.scopesRequired)
    .max(apiKeyScopes.length)
    .transform((scopes) => apiKeyScopes.filter((s) => scopes.includes(s))),
});
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

/** The answer to a create: the only time the secret and the token are shown. */
export const apiKeyCreatedSchema = z.object({
  id: z.uuid(),
  keyId: z.string(),
  secret: z.string(),
  token: z.string(),
  name: z.string(),
  scopes: z.array(apiKeyScopeSchema),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

/** One key in the list: never the secret or its hash. */
export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  keyId: z.string(),
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  createdAt: z.date(),
  createdBy: z.object({ id: z.uuid(), name: z.string().nullable() }),
  lastUsedAt: z.date().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.date().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema), count: z.number().int() });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** How often a key's last-used time and address are written at most (not on every request). */
export const apiKeyLastUsedEverySeconds = 60;

// Booking many parcels in one call (issue 15, item 2) ----------------------------------------------

export const maxBatchParcels = 500;

export const parcelBatchMessages = keyed('parcelBatch', {
  noParcels: 'Send at least one parcel',
  tooMany: `At most ${maxBatchParcels} parcels per call`,
  idempotencyKeyRequired: 'Idempotency-Key header is required for a batch',
  idempotencyKeyReused: 'This Idempotency-Key was used for a different batch',
});

/**
 * POST /shops/:shopId/parcels/batch: up to 500 bookings, each a single booking's body. Rows are
 * checked one by one (a bad row gets its errors, the others are booked), so the body only says
 * how many; each row is an object.
 */
export const parcelBatchSchema = z.object({
  parcels: z
    .array(z.record(z.string(), z.unknown()), { error: parcelBatchMessages.noParcels })
    .min(1, parcelBatchMessages.noParcels)
    .max(maxBatchParcels, parcelBatchMessages.tooMany),
});
export type ParcelBatch = z.infer<typeof parcelBatchSchema>;

export const parcelBatchResultSchema = z.object({
  results: z.array(
    z.object({
      ok: z.boolean(),
      trackingId: z.string().optional(),
      errors: z.array(bulkRowError).optional(),
    }),
  ),
});
export type ParcelBatchResult = z.infer<typeof parcelBatchResultSchema>;
