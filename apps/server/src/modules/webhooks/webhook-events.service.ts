import { randomUUID } from 'node:crypto';
import type { ParcelStatus } from '@dak/domain/parcel-status';
import {
  type InvoiceEventData,
  type ParcelMoveFacts,
  parcelStatusChangedData,
  steadfastCallbackOf,
  type WebhookBody,
} from '@dak/domain/webhook-payloads';
import type { WebhookEvent } from '@dak/domain/webhooks';
import type { Kysely, Transaction } from 'kysely';
import type { DB, Executor } from '../../db/schema';
import type { Jobs } from '../../jobs/jobs';
import { createWebhooksRepository, type NewDelivery } from './webhooks.repository';

/** The job that makes one delivery's first attempt (jobs/deliver-webhook.job.ts registers it). */
export const deliverWebhookJobName = 'deliver-webhook';

/**
 * The events' side of webhooks: called by the modules where the events happen, with their
 * transaction, as they call `notify` and the ledger's `post`. For each active endpoint of the shop
 * that subscribes to the event, a delivery row and its job are written in that transaction: the
 * delivery exists, and goes out, exactly when the event commits. An event no endpoint wants costs
 * one indexed read.
 */

function repoOf(trx: Executor) {
  return createWebhooksRepository(trx as Kysely<DB>);
}

async function queue(trx: Executor, jobs: Jobs, rows: NewDelivery[]) {
  const ids = await repoOf(trx).insertDeliveries(rows, trx);
  for (const deliveryId of ids) {
    await jobs.sendWithin(trx as Transaction<DB>, deliverWebhookJobName, { deliveryId });
  }
  return ids;
}

/** An event's body, as JSON text: the exact bytes that are signed and sent. */
export function eventBody<D>(event: WebhookBody<D>): string {
  return JSON.stringify(event);
}

/**
 * A parcel's status move (parcel-transitions runs it as the `webhook` effect of every status).
 * Endpoints in the Steadfast format get Steadfast's callback shape of the same move.
 */
export async function announceParcelMove(
  trx: Executor,
  jobs: Jobs,
  move: {
    parcelId: string;
    from: ParcelStatus;
    to: ParcelStatus;
    at: Date;
    reason: string | null;
    hubId: string | null;
  },
) {
  const repo = repoOf(trx);
  const endpoints = await repo.parcelSubscribers(move.parcelId, 'parcel.status_changed', trx);
  const shopId = endpoints[0]?.shop_id;
  if (!shopId) return [];
  const p = await repo.parcelFacts(move.parcelId, move.hubId, trx);
  const facts: ParcelMoveFacts = {
    trackingId: p.tracking_id,
    merchantOrderId: p.invoice_id,
    status: move.to,
    previousStatus: move.from,
    hub: p.hub_id && p.hub_name ? { id: p.hub_id, name: p.hub_name } : null,
    codAmountPoisha: Number(p.cash_collection_poisha),
    amountCollectedPoisha: p.amount_collected_poisha === null ? null : Number(p.amount_collected_poisha),
    deliveryChargePoisha: Number(p.total_charge_poisha),
    reason: move.reason,
    at: move.at,
  };
  const event: WebhookBody = {
    id: randomUUID(),
    type: 'parcel.status_changed',
    createdAt: move.at.toISOString(),
    shopId,
    data: parcelStatusChangedData(facts),
  };
  const dak = eventBody(event);
  const steadfast = endpoints.some((e) => e.format === 'steadfast')
    ? JSON.stringify(steadfastCallbackOf(facts))
    : dak;
  return queue(
    trx,
    jobs,
    endpoints.map((e) => ({
      endpoint_id: e.id,
      shop_id: shopId,
      event_id: event.id,
      event: event.type,
      tracking_id: facts.trackingId,
      request_body: e.format === 'steadfast' ? steadfast : dak,
      created_at: move.at,
    })),
  );
}

/** An invoice of the shop's payout was made, paid or bounced (modules/invoices). */
export async function announceInvoice(
  trx: Executor,
  jobs: Jobs,
  input: {
    shopId: string;
    type: Extract<WebhookEvent, `invoice.${string}`>;
    at: Date;
    data: InvoiceEventData;
  },
) {
  const endpoints = await repoOf(trx).subscribers(input.shopId, input.type, trx);
  if (endpoints.length === 0) return [];
  const event: WebhookBody<InvoiceEventData> = {
    id: randomUUID(),
    type: input.type,
    createdAt: input.at.toISOString(),
    shopId: input.shopId,
    data: input.data,
  };
  const body = eventBody(event);
  // Steadfast has no payment callback: a Steadfast-format endpoint gets Dak's shape for these.
  return queue(
    trx,
    jobs,
    endpoints.map((e) => ({
      endpoint_id: e.id,
      shop_id: input.shopId,
      event_id: event.id,
      event: event.type,
      tracking_id: null,
      request_body: body,
      created_at: input.at,
    })),
  );
}

/** Queues deliveries made outside an event (test ping, redelivery) in the caller's transaction. */
export function queueDeliveries(trx: Executor, jobs: Jobs, rows: NewDelivery[]) {
  return queue(trx, jobs, rows);
}
