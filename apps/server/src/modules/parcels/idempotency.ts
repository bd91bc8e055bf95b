import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import { createIdempotencyRepository } from './idempotency.repository';

/**
 * Idempotency-Key for booking (DESIGN.md section 6), one implementation for a single booking, an
 * exchange and a bulk confirm: a retry with the same key and body answers with the first result
 * (and its status code), the same key with another body is refused, and two requests racing with
 * one key book once (the key is recorded in the booking's transaction, so the loser rolls back
 * and replays the winner).
 */

const keyText = z.string().trim().min(1).max(255);
const keyDescription = 'Any unique string per booking; a retry with the same key and body books once';

/** Route headers with an optional key; other headers pass through untouched. */
export const optionalIdempotencyHeaders = z.looseObject({
  'idempotency-key': keyText.optional().meta({ description: keyDescription }),
});

/** Route headers that must carry a key, refused with `missing` when absent. */
export const requiredIdempotencyHeaders = (missing: string) =>
  z.looseObject({
    'idempotency-key': z
      .string({ error: missing })
      .trim()
      .min(1, { error: missing })
      .max(255)
      .meta({ description: keyDescription }),
  });

/** JSON with keys in order, so one body always hashes the same. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
export const requestHash = (body: unknown) => createHash('sha256').update(stableJson(body)).digest('hex');

/** Thrown inside the booking transaction when a concurrent request recorded the same key first. */
class KeyTaken extends Error {}

export type StoredKey = { request_hash: string; status_code: number; response: unknown };

/** What the booking step gets: record the key (with the response to replay) in its transaction. */
export type KeyRecorder = {
  /** Records the key with its response; a concurrent holder of the key rolls this transaction back. */
  record(trx: Transaction<DB>, response: unknown, statusCode?: number): Promise<void>;
  /** Replaces the recorded response (a booking in several transactions records first, then completes). */
  complete(trx: Transaction<DB>, response: unknown, statusCode?: number): Promise<void>;
};

export function createIdempotency(db: Kysely<DB>) {
  const repo = createIdempotencyRepository(db);
  return {
    /**
     * Runs `book` at most once per shop and key. Without a key it simply runs. `hash` identifies
     * the request (requestHash of its body); `replay` turns a stored response back into the result.
     */
    async once<R>(input: {
      shopId: string;
      key: string | undefined;
      hash: string;
      reusedMessage: string;
      book: (keys: KeyRecorder) => Promise<{ result: R; statusCode: number }>;
      replay: (stored: StoredKey) => Promise<R>;
    }): Promise<IdempotentOutcome<R>> {
      const { shopId, key, hash } = input;
      const replayed = async (stored: StoredKey) => {
        if (stored.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', input.reusedMessage);
        return { result: await input.replay(stored), statusCode: stored.status_code, replayed: true };
      };
      if (key) {
        const stored = await repo.find(shopId, key);
        if (stored) return replayed(stored);
      }
      const keys: KeyRecorder = {
        async record(trx, response, statusCode = 201) {
          if (!key) return;
          const recorded = await repo.insert(
            {
              shop_id: shopId,
              key,
              request_hash: hash,
              status_code: statusCode,
              response: JSON.stringify(response),
            },
            trx,
          );
          if (!recorded) throw new KeyTaken();
        },
        async complete(trx, response, statusCode = 201) {
          if (!key) return;
          await repo.update(
            shopId,
            key,
            { status_code: statusCode, response: JSON.stringify(response) },
            trx,
          );
        },
      };
      try {
        const { result, statusCode } = await input.book(keys);
        return { result, statusCode, replayed: false };
      } catch (error) {
        if (!(error instanceof KeyTaken) || !key) throw error;
        const stored = await repo.find(shopId, key);
        if (!stored) throw error;
        return replayed(stored);
      }
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
export type IdempotentOutcome<R> = { result: R; statusCode: number; replayed: boolean };

/** The answer of an idempotent booking route: the first status code, and a replay says so. */
export function sendIdempotent<R>(reply: FastifyReply, outcome: IdempotentOutcome<R>) {
  if (outcome.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(outcome.statusCode).send(outcome.result);
}
