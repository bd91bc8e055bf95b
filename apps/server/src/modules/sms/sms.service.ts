import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { SmsMessage, SmsProvider } from './sms.types';

export type SmsService = {
  send(message: SmsMessage): Promise<void>;
  outbox(to: string, limit: number): Promise<{ to: string; body: string; createdAt: Date }[]>;
};

/**
 * Sends through the configured provider and records each message in sms_outbox with its outcome.
 * With no provider (the local default) the message is only recorded: a person reads it on the
 * outbox page. A gateway failure is recorded and rethrown, so the caller can tell the user.
 */
export function createSmsService(deps: {
  db: Kysely<DB>;
  provider: SmsProvider | null;
  onRecorded?: (message: SmsMessage) => void;
}): SmsService {
  return {
    async send(message) {
      if (!deps.provider) {
        await deps.db
          .insertInto('sms_outbox')
          .values({
            to_phone: message.to,
            body: message.body,
            purpose: message.purpose,
            provider: 'outbox',
            status: 'recorded',
            provider_message_id: null,
            error: null,
          })
          .execute();
        deps.onRecorded?.(message);
        return;
      }
      const stored = message.secret ? message.body.replaceAll(message.secret, '••••') : message.body;
      try {
        const delivery = await deps.provider.deliver(message);
        await deps.db
          .insertInto('sms_outbox')
          .values({
            to_phone: message.to,
            body: stored,
            purpose: message.purpose,
            provider: deps.provider.name,
            status: 'sent',
            provider_message_id: delivery.providerMessageId ?? null,
            error: null,
          })
          .execute();
      } catch (error) {
        await deps.db
          .insertInto('sms_outbox')
          .values({
            to_phone: message.to,
            body: stored,
            purpose: message.purpose,
            provider: deps.provider.name,
            status: 'failed',
            provider_message_id: null,
            error: (error as Error).message.slice(0, 500),
          })
          .execute();
        throw error;
      }
    },
    async outbox(to, limit) {
      const rows = await deps.db
        .selectFrom('sms_outbox')
        .select(['to_phone', 'body', 'created_at'])
        .where('to_phone', '=', to)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ to: r.to_phone, body: r.body, createdAt: r.created_at }));
    },
  };
}
