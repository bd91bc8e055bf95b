import { randomBytes, randomUUID } from 'node:crypto';
import {
  maxWebhookEndpoints,
  type Webhook,
  type WebhookCreate,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookDeliveryStatus,
  type WebhookEvent,
  type WebhookFormat,
  type WebhookUpdate,
  webhookDisableAfterHours,
  webhookMessages,
  webhookResponseBodyMaxChars,
  webhookRetryDelaySeconds,
  webhookRetryWindowHours,
  webhookTestEvent,
  webhookTimeoutMs,
} from '@dak/domain/webhooks';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Jobs } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import type { FieldCipher } from '../../lib/field-cipher';
import { notify } from '../notifications/notifications.service';
import { type Resolver, resolveWebhookTarget } from './webhook-address';
import { eventBody, queueDeliveries } from './webhook-events.service';
import { type SendLimits, type SendOutcome, sendWebhook, webhookHeaders } from './webhook-sender';
import type { EndpointRow, WebhooksRepository } from './webhooks.repository';

const hour = 3600_000;

/** Bound to the endpoint: a secret copied into another row does not decrypt. */
const secretContext = (endpointId: string) => `webhook_endpoints.secret:${endpointId}`;

function endpointView(row: EndpointRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    format: row.format as WebhookFormat,
    status: row.status as Webhook['status'],
    disabledReason: row.disabled_reason as Webhook['disabledReason'],
    failingSince: row.failing_since,
    lastDeliveryAt: row.last_delivery_at,
    createdAt: row.created_at,
  };
}

type DeliveryRow = Awaited<ReturnType<WebhooksRepository['deliveries']>>[number];

function deliveryView(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event,
    trackingId: row.tracking_id,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    responseCode: row.response_code,
    responseBody: row.response_body,
    requestBody: row.request_body,
    durationMs: row.duration_ms,
    createdAt: row.created_at,
    lastAttemptAt: row.last_attempt_at,
    nextAttemptAt: row.next_attempt_at,
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;

/**
 * A shop's webhooks (issue 15, item 3): its endpoints (the owner's), their delivery log, the test
 * ping and redelivery, and the attempts themselves (the jobs call `attempt` and `retryDue`).
 *
 * An attempt: the delivery is claimed (no two workers send it), the URL checked again after DNS
 * and the checked address connected to, the body signed with the endpoint's secret and a new
 * timestamp, POSTed; 2xx succeeds. Otherwise it is retried with the domain's back-off until the
 * retry window after the event is over, then failed. An endpoint whose every delivery has failed
 * for a day is disabled and its shop's owner told.
 */
export function createWebhooksService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  jobs: Jobs;
  repo: WebhooksRepository;
  cipher: FieldCipher;
  /** Production: https only, no loopback receivers. */
  production: boolean;
  resolve: Resolver;
  /** The timeout and the answer's limit; the domain's values unless a test shortens them. */
  limits?: Partial<SendLimits>;
}) {
  const { db, clock, jobs, repo, cipher } = deps;
  const limits: SendLimits = {
    timeoutMs: deps.limits?.timeoutMs ?? webhookTimeoutMs,
    maxChars: deps.limits?.maxChars ?? webhookResponseBodyMaxChars,
  };
  const checkUrl = (url: string) =>
    resolveWebhookTarget(url, { production: deps.production, resolve: deps.resolve });

  async function endpointOf(shopId: string, id: string) {
    const row = await repo.find(shopId, id);
    if (!row) throw new AppError('NOT_FOUND', webhookMessages.notFound);
    return row;
  }

  function assertActive(row: EndpointRow) {
    if (row.status !== 'active') throw new AppError('CONFLICT', webhookMessages.disabled, { id: row.id });
  }

  /** Writes a failed or retried attempt, and disables an endpoint that has failed for a day. */
  async function recordFailure(
    claimed: {
      id: string;
      shop_id: string;
      created_at: Date;
      attempts: number;
      endpoint_id: string;
      url: string;
    },
    outcome: Pick<SendOutcome, 'responseCode' | 'responseBody' | 'durationMs'>,
    now: Date,
  ) {
    const next = new Date(now.getTime() + webhookRetryDelaySeconds(claimed.attempts) * 1000);
    const windowEnd = new Date(claimed.created_at.getTime() + webhookRetryWindowHours * hour);
    const retry = next <= windowEnd;
    await db.transaction().execute(async (trx) => {
      await repo.recordAttempt(
        claimed.id,
        {
          status: retry ? 'retrying' : 'failed',
          response_code: outcome.responseCode,
          response_body: outcome.responseBody,
          duration_ms: outcome.durationMs,
          next_attempt_at: retry ? next : null,
        },
        trx,
      );
      await repo.endpointFailed(claimed.endpoint_id, now, trx);
      const disabled = await repo.disableFailing(
        claimed.endpoint_id,
        new Date(now.getTime() - webhookDisableAfterHours * hour),
        now,
        trx,
      );
      if (disabled) {
        await notify(trx, jobs, {
          shopId: disabled.shop_id,
          kind: 'webhook_disabled',
          params: { url: disabled.url },
          link: '/developer-apis',
          at: now,
        });
      }
    });
  }

  const service = {
    async create(input: { shopId: string; userId: string } & WebhookCreate): Promise<WebhookCreated> {
      const { shopId, userId, url } = input;
      const events = input.events as WebhookEvent[];
      const format = input.format ?? 'dak';
      await checkUrl(url);
      const id = randomUUID();
      const secret = `whsec_${randomBytes(32).toString('base64url')}`;
      await db.transaction().execute(async (trx) => {
        await repo.lockShop(shopId, trx);
        const live = await repo.liveUrls(shopId, trx);
        if (live.length >= maxWebhookEndpoints) throw new AppError('CONFLICT', webhookMessages.tooMany);
        if (live.some((u) => u.toLowerCase() === url.toLowerCase())) {
          throw new AppError('CONFLICT', webhookMessages.urlTaken, { field: 'url' });
        }
        await repo.insertEndpoint(
          {
            id,
            shop_id: shopId,
            url,
            events,
            format,
            secret_encrypted: cipher.encrypt(secret, secretContext(id)),
            created_by_user_id: userId,
            created_at: clock.now(),
          },
          trx,
        );
      });
      return { id, secret, url, events, format };
    },

    async list(shopId: string) {
      return { items: (await repo.list(shopId)).map(endpointView) };
    },

    /** Events, format, or on/off; turning one on again starts its failure count afresh. */
    async update(shopId: string, id: string, patch: WebhookUpdate): Promise<Webhook> {
      await endpointOf(shopId, id);
      const onOff =
        patch.enabled === undefined
          ? {}
          : patch.enabled
            ? { status: 'active' as const, disabled_reason: null, disabled_at: null, failing_since: null }
            : { status: 'disabled' as const, disabled_reason: 'owner' as const, disabled_at: clock.now() };
      await repo.update(shopId, id, {
        ...(patch.events ? { events: patch.events as WebhookEvent[] } : {}),
        ...(patch.format ? { format: patch.format } : {}),
        ...onOff,
      });
      return endpointView(await endpointOf(shopId, id));
    },

    /** Deleted endpoints get nothing more; deliveries still waiting are failed at their attempt. */
    async remove(shopId: string, id: string) {
      const deletedAt = await repo.softDelete(shopId, id, clock.now());
      if (!deletedAt) throw new AppError('NOT_FOUND', webhookMessages.notFound);
      return { id, deletedAt };
    },

    /** "Send test event": a small signed `webhook.test` body, logged like any delivery. */
    async sendTest(shopId: string, id: string) {
      const endpoint = await endpointOf(shopId, id);
      assertActive(endpoint);
      const now = clock.now();
      const eventId = randomUUID();
      const body = eventBody({
        id: eventId,
        type: webhookTestEvent,
        createdAt: now.toISOString(),
        shopId,
        data: { message: 'A test event from Dak: your endpoint is reachable and the signature checks out.' },
      });
      const [deliveryId] = await db.transaction().execute((trx) =>
        queueDeliveries(trx, jobs, [
          {
            endpoint_id: id,
            shop_id: shopId,
            event_id: eventId,
            event: webhookTestEvent,
            tracking_id: null,
            request_body: body,
            created_at: now,
          },
        ]),
      );
      return { deliveryId: deliveryId as string };
    },

    /** A new delivery of a logged one: the same body and event id, a new timestamp and signature. */
    async redeliver(shopId: string, id: string, deliveryId: string) {
      const endpoint = await endpointOf(shopId, id);
      const original = await repo.findDelivery(shopId, id, deliveryId);
      if (!original) throw new AppError('NOT_FOUND', webhookMessages.deliveryNotFound);
      assertActive(endpoint);
      const [newId] = await db.transaction().execute((trx) =>
        queueDeliveries(trx, jobs, [
          {
            endpoint_id: id,
            shop_id: shopId,
            event_id: original.event_id,
            event: original.event,
            tracking_id: original.tracking_id,
            request_body: original.request_body,
            created_at: clock.now(),
            redelivery_of: original.id,
          },
        ]),
      );
      return { deliveryId: newId as string };
    },

    async deliveries(
      shopId: string,
      id: string,
      page: { before?: string; limit: number },
    ): Promise<WebhookDeliveryList> {
      await endpointOf(shopId, id);
      const before = page.before && /^\d{1,18}$/.test(page.before) ? page.before : null;
      const rows = await repo.deliveries(id, { before, limit: page.limit + 1 });
      const items = rows.slice(0, page.limit);
      const last = items.at(-1);
      return {
        items: items.map(deliveryView),
        nextBefore: rows.length > page.limit && last ? String(last.seq) : null,
      };
    },

    /**
     * One attempt of a delivery (the deliver job; the retry sweep). Nothing happens when the
     * delivery is not waiting or another worker holds it.
     */
    async attempt(deliveryId: string): Promise<void> {
      const now = clock.now();
      const claimed = await repo.claim(deliveryId, now, new Date(now.getTime() + limits.timeoutMs + 60_000));
      if (!claimed) return;
      if (claimed.endpoint_deleted_at || claimed.endpoint_status !== 'active') {
        await repo.recordAttempt(claimed.id, {
          status: 'failed',
          response_code: null,
          response_body: claimed.endpoint_deleted_at ? 'Webhook deleted' : webhookMessages.disabled,
          duration_ms: null,
          next_attempt_at: null,
        });
        return;
      }
      let outcome: SendOutcome;
      try {
        // Checked again now: the name may point elsewhere since the endpoint was made.
        const target = await checkUrl(claimed.url);
        const secret = cipher.decrypt(claimed.secret_encrypted, secretContext(claimed.endpoint_id));
        const headers = webhookHeaders({
          secret,
          t: Math.floor(now.getTime() / 1000),
          body: claimed.request_body,
          event: claimed.event,
          eventId: claimed.event_id,
          deliveryId: claimed.id,
        });
        outcome = await sendWebhook(target, { body: claimed.request_body, headers }, limits);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcome = { ok: false, responseCode: null, responseBody: `Refused: ${error.message}`, durationMs: 0 };
      }
      const after = clock.now();
      if (outcome.ok) {
        await db.transaction().execute(async (trx) => {
          await repo.recordAttempt(
            claimed.id,
            {
              status: 'succeeded',
              response_code: outcome.responseCode,
              response_body: outcome.responseBody,
              duration_ms: outcome.durationMs,
              next_attempt_at: null,
            },
            trx,
          );
          await repo.endpointSucceeded(claimed.endpoint_id, after, trx);
        });
        return;
      }
      await recordFailure(claimed, outcome, after);
    },

    /** The retry sweep: every delivery whose next attempt is due, a few at a time. */
    async retryDue(options: { limit?: number; concurrency?: number } = {}) {
      const ids = await repo.due(clock.now(), options.limit ?? 500);
      const concurrency = options.concurrency ?? 10;
      let next = 0;
      const worker = async () => {
        while (next < ids.length) {
          const id = ids[next++] as string;
          await service.attempt(id);
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker));
      return { attempted: ids.length };
    },
  };
  return service;
}
