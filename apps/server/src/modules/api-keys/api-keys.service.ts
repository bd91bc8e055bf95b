import { createHmac, randomBytes, randomInt } from 'node:crypto';
import {
  type ApiKeyCreated,
  type ApiKeyScope,
  apiKeyLastUsedEverySeconds,
  apiKeyMessages,
  apiKeyPrefix,
  formatApiKeyToken,
  maxActiveApiKeys,
  parseApiKeyToken,
} from '@dak/domain/api-keys';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { DataKeys } from '../../lib/field-cipher';
import { sameHash } from '../../lib/secrets';
import type { ApiKeyIdentity } from '../../plugins/auth';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { ApiKeysRepository } from './api-keys.repository';

const keyIdAlphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** 16 characters of [a-z0-9]: about 82 bits, public, unique (a clash draws again). */
function newKeyId(): string {
  let id = '';
  for (let i = 0; i < 16; i++) id += keyIdAlphabet[randomInt(keyIdAlphabet.length)];
  return id;
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

/**
 * A shop's API keys (issue 15, item 1): created with a name and scopes, the secret shown once and
 * kept as a keyed hash, listed without it, revoked; and the guard's check of a `dak_…` token.
 *
 * The hash is HMAC-SHA256 of the secret under a server key (the data key ring, its id stored
 * with the row so a rotation keeps old keys working): the secret is 256 random bits, so a slow
 * hash would buy nothing against guessing and cost every request its CPU; the server key means a
 * copy of the table alone cannot even test a leaked secret. No cache: every request reads the row,
 * so a revoked key is refused on the next request.
 */
export function createApiKeysService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  repo: ApiKeysRepository;
  rateLimiter: RateLimiter;
  hashKeys: DataKeys;
  /** Requests per key per minute; over it, 429 with Retry-After. */
  requestsPerMinute: number;
}) {
  const { db, clock, repo, rateLimiter, hashKeys } = deps;

  function hashSecret(secret: string, keyId: string): Buffer {
    const key = hashKeys.keys[keyId];
    if (!key) throw new Error(`API key hash key "${keyId}" is not configured`);
    return createHmac('sha256', key).update(`api-key:${secret}`).digest();
  }

  type KeyRow = NonNullable<Awaited<ReturnType<ApiKeysRepository['findByKeyId']>>>;

  /** The key's row when it may act: not revoked, its maker still the owner, its hash key known. */
  async function liveRow(keyId: string): Promise<KeyRow | null> {
    const row = await repo.findByKeyId(keyId);
    if (!row || row.revoked_at || !row.maker_is_owner || !hashKeys.keys[row.hash_key_id]) return null;
    return row;
  }

  /** Counts a request against the key's limit and records its use at most once a minute. */
  async function admit(row: KeyRow, ip: string): Promise<ApiKeyIdentity> {
    await rateLimiter.consume(`api-key:${row.id}`, deps.requestsPerMinute, 60);
    const now = clock.now();
    const staleBefore = new Date(now.getTime() - apiKeyLastUsedEverySeconds * 1000);
    if (!row.last_used_at || new Date(row.last_used_at) <= staleBefore) {
      await repo.touch({ id: row.id, now, ip, staleBefore });
    }
    return {
      apiKeyId: row.id,
      shopId: row.shop_id,
      scopes: row.scopes as ApiKeyScope[],
      userId: row.created_by_user_id,
    };
  }

  return {
    async create(input: {
      shopId: string;
      userId: string;
      name: string;
      scopes: ApiKeyScope[];
    }): Promise<ApiKeyCreated> {
      const { shopId, userId, name, scopes } = input;
      const secret = randomBytes(32).toString('base64url');
      const hashKeyId = hashKeys.currentKeyId;
      const secretHash = hashSecret(secret, hashKeyId);
      const now = clock.now();
      const created = await db.transaction().execute(async (trx) => {
        await repo.lockShop(shopId, trx);
        const live = await repo.liveNames(shopId, trx);
        if (live.length >= maxActiveApiKeys) throw new AppError('CONFLICT', apiKeyMessages.tooManyKeys);
        if (live.some((n) => n.toLowerCase() === name.toLowerCase())) {
          throw new AppError('CONFLICT', apiKeyMessages.nameTaken);
        }
        const keyId = newKeyId();
        const id = await repo.insert(
          {
            shop_id: shopId,
            name,
            scopes,
            key_id: keyId,
            secret_hash: secretHash,
            hash_key_id: hashKeyId,
            created_by_user_id: userId,
            created_at: now,
          },
          trx,
        );
        return { id, keyId };
      });
      return { ...created, secret, token: formatApiKeyToken(created.keyId, secret), name, scopes };
    },

    async list(shopId: string) {
      const rows = await repo.list(shopId);
      return {
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          keyId: r.key_id,
          prefix: apiKeyPrefix(r.key_id),
          scopes: r.scopes as ApiKeyScope[],
          createdAt: r.created_at,
          createdBy: { id: r.created_by_user_id, name: r.full_name },
          lastUsedAt: r.last_used_at,
          lastUsedIp: r.last_used_ip,
          revokedAt: r.revoked_at,
        })),
        count: rows.length,
      };
    },

    /** Revokes at once: the next request with the key is refused. A revoked key stays listed. */
    async revoke(input: { shopId: string; id: string; userId: string }) {
      const revokedAt = await repo.revoke({ ...input, now: clock.now() });
      if (revokedAt) return { id: input.id, revokedAt };
      const row = await repo.find(input.shopId, input.id);
      if (!row) throw new AppError('NOT_FOUND', apiKeyMessages.notFound);
      throw new AppError('CONFLICT', apiKeyMessages.alreadyRevoked);
    },

    /**
     * The live key of a token, or null (malformed, unknown, wrong secret, revoked). Counts the
     * request against the key's per-minute limit and records its use at most once a minute.
     */
    async authenticate(token: string, ip: string): Promise<ApiKeyIdentity | null> {
      const parts = parseApiKeyToken(token);
      if (!parts) return null;
      const row = await liveRow(parts.keyId);
      if (!row || !sameHash(hashSecret(parts.secret, row.hash_key_id), row.secret_hash)) return null;
      return admit(row, ip);
    },

    /**
     * The live key by its public keyId alone, or null (unknown, revoked, its maker no longer the
     * owner): for a credential that proved the secret when it was issued and is checked against the
     * key on every request since (the Pathao-compatible API's signed tokens). Counted and recorded
     * as `authenticate` does.
     */
    async authenticateKeyId(keyId: string, ip: string): Promise<ApiKeyIdentity | null> {
      const row = await liveRow(keyId);
      return row ? admit(row, ip) : null;
    },
  };
}
