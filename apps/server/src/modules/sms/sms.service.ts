import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { SmsNotSentError } from '../../errors';
import { pageOf } from '../../lib/paging';
import { createSmsRepository, type SmsRepository } from './sms.repository';
import type { SmsMessage, SmsProvider } from './sms.types';

export type SmsService = {
  send(message: SmsMessage): Promise<void>;
  /**
   * Whether an SMS under this `once` key was sent or may have been (its try was cut off while
   * the gateway answered: that claim is marked `unconfirmed` here). A job asks before it makes a
   * new code, so a retry after a dead worker neither texts twice nor replaces a code in flight.
   */
  alreadyHandled(once: string): Promise<boolean>;
  outbox(to: string, limit: number): Promise<{ to: string; body: string; createdAt: Date }[]>;
  /** Every recorded message, newest first, optionally to one phone (operations console). */
  list(filter: {
    to?: string;
    limit: number;
    offset: number;
  }): Promise<{ items: OutboxItem[]; count: number }>;
};

export type OutboxItem = {
  id: number;
  to: string;
  body: string;
  purpose: string;
  provider: string;
  status: 'recorded' | 'sent' | 'failed' | 'sending' | 'unconfirmed';
  error: string | null;
  createdAt: Date;
};

/** A keyed send: claim, call the gateway, record its answer on the claimed row. */
async function sendOnce(
  repo: SmsRepository,
  provider: SmsProvider,
  message: SmsMessage,
  stored: string,
  once: string,
  onSent?: (message: SmsMessage) => void,
): Promise<void> {
  const claim = await repo.claim({
    to_phone: message.to,
    body: stored,
    purpose: message.purpose,
    provider: provider.name,
    status: 'sending',
    provider_message_id: null,
    error: null,
    dedupe_key: once,
  });
  if (claim === undefined) return;
  try {
    const delivery = await provider.deliver(message);
    await repo.setOutcome(claim, { status: 'sent', provider_message_id: delivery.providerMessageId ?? null });
    onSent?.(message);
  } catch (error) {
    // A claim a retry already marked unconfirmed keeps the key: the gateway may have sent it.
    await repo.setOutcome(
      claim,
      { status: 'failed', error: (error as Error).message.slice(0, 500) },
      'sending',
    );
    throw new SmsNotSentError(error);
  }
}

/**
 * Sends through the configured provider and records each message in sms_outbox with its outcome.
 * With no provider (the local default) the message is only recorded: in development a person
 * reads it on the outbox page, so the code stays whole there. Everywhere else (a real gateway,
 * or the outbox in tests) the stored copy has its secret masked: no staff screen and no route
 * ever shows a code outside development. A gateway failure is recorded and rethrown, so the
 * caller can tell the user. `onSent` sees each message as the phone gets it (tests read codes
 * there; nothing in the server does).
 * A message with a `once` key is claimed first: a `sending` row, inserted only if no row of that
 * key holds it (sent, sending or unconfirmed), then updated with the gateway's answer; see
 * docs/operations.md "Several processes" for what a worker killed mid-send means.
 */
export function createSmsService(deps: {
  db: Kysely<DB>;
  provider: SmsProvider | null;
  /** Development only: the outbox is how a code reaches a person, so it is kept readable. */
  revealCodes: boolean;
  onRecorded?: (message: SmsMessage) => void;
  onSent?: (message: SmsMessage) => void;
}): SmsService {
  const repo = createSmsRepository(deps.db);
  return {
    async send(message) {
      const stored = message.secret ? message.body.replaceAll(message.secret, '••••') : message.body;
      if (!deps.provider) {
        await repo.claim({
          to_phone: message.to,
          body: deps.revealCodes ? message.body : stored,
          purpose: message.purpose,
          provider: 'outbox',
          status: 'recorded',
          provider_message_id: null,
          error: null,
          dedupe_key: message.once ?? null,
        });
        deps.onRecorded?.(message);
        deps.onSent?.(message);
        return;
      }
      if (message.once) return sendOnce(repo, deps.provider, message, stored, message.once, deps.onSent);
      try {
        const delivery = await deps.provider.deliver(message);
        await repo.insert({
          to_phone: message.to,
          body: stored,
          purpose: message.purpose,
          provider: deps.provider.name,
          status: 'sent',
          provider_message_id: delivery.providerMessageId ?? null,
          error: null,
        });
        deps.onSent?.(message);
      } catch (error) {
        await repo.insert({
          to_phone: message.to,
          body: stored,
          purpose: message.purpose,
          provider: deps.provider.name,
          status: 'failed',
          provider_message_id: null,
          error: (error as Error).message.slice(0, 500),
        });
        throw new SmsNotSentError(error);
      }
    },
    async alreadyHandled(once) {
      const row = await repo.findHeld(once);
      if (!row) return false;
      if (row.status === 'sending') {
        // The try that claimed it is gone (its job expired and is being retried): the gateway may
        // have sent it, so it is not sent again.
        await repo.setOutcome(
          row.id,
          {
            status: 'unconfirmed',
            error: 'the sender stopped while the gateway was answering; not sent again',
          },
          'sending',
        );
      }
      return true;
    },
    async outbox(to, limit) {
      const rows = await repo.latestTo(to, limit);
      return rows.map((r) => ({ to: r.to_phone, body: r.body, createdAt: r.created_at }));
    },
    async list(filter) {
      // Bodies are stored masked, except the development outbox's: reading them there is how a
      // code is delivered on a laptop.
      return pageOf(await repo.page(filter), (r) => ({
        id: r.id,
        to: r.to_phone,
        body: r.body,
        purpose: r.purpose,
        provider: r.provider,
        status: r.status,
        error: r.error,
        createdAt: r.created_at,
      }));
    },
  };
}
