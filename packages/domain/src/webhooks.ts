import { z } from 'zod';
import { keyed } from './messages';
import { maxWebhookEndpoints } from './webhook-limits';

/**
 * A shop's webhooks (issue 15, item 3): endpoints that Dak calls when something happens to the
 * shop's parcels or money. This file is the contract between the server (modules/webhooks) and the
 * Developer APIs screen; the server enforces every rule here again (URL safety after DNS, limits).
 */
export const webhookEvents = [
  'parcel.status_changed',
  'invoice.created',
  'invoice.paid',
  'invoice.bounced',
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

/** The test ping's event name: sent only by "Send test event", never subscribed to. */
export const webhookTestEvent = 'webhook.test';

/**
 * The payload's shape: Dak's own (signed, documented) or Steadfast's callback shape, for a shop
 * whose store plugin already understands Steadfast (reference section 1.6). Both are signed.
 */
export const webhookFormats = ['dak', 'steadfast'] as const;
export type WebhookFormat = (typeof webhookFormats)[number];

export { maxWebhookEndpoints };
export const webhookUrlMaxLength = 500;
/** A receiver that has not answered in this time is cut off (the attempt fails). */
export const webhookTimeoutMs = 10_000;
/** A delivery is retried with back-off for this long after the event, then marked failed. */
export const webhookRetryWindowHours = 24;
/** An endpoint whose every delivery has failed for this long is disabled and the owner told. */
export const webhookDisableAfterHours = 24;
/** How much of a receiver's answer is kept in the delivery log. */
export const webhookResponseBodyMaxChars = 2_000;
/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const webhookSignatureHeader = 'Dak-Signature';

/**
 * The wait before retry number `attempt` (1 = the first retry): 30 s doubling, at most 2 hours, so
 * a receiver that is down for a day is tried about 20 times within the 24-hour window.
 */
export function webhookRetryDelaySeconds(attempt: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempt - 1), 2 * 60 * 60);
}

export const webhookMessages = keyed('webhooks', {
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  urlInvalid: 'Enter a full URL starting with https://',
  urlNotHttps: 'The webhook URL must start with https://',
  urlPrivate: 'The webhook URL must point at a public internet address',
  urlUnresolvable: 'The webhook URL’s host could not be found',
  eventsRequired: 'Choose at least one event',
  unknownEvent: 'Unknown event',
  tooMany: `A shop can have at most ${maxWebhookEndpoints} webhooks; delete one first`,
  urlTaken: 'A webhook with this URL already exists in the shop',
  disabled: 'This webhook is disabled; enable it first',
});

export const webhookEventSchema = z.enum(webhookEvents, { error: webhookMessages.unknownEvent });

/**
 * POST /shops/:shopId/webhooks. The URL's form only (http or https, a host, no credentials in it);
 * whether it must be https and where it may point is the server's check (production or not, DNS).
 */
export const webhookCreateSchema = z.object({
  url: z
    .string({ error: webhookMessages.urlInvalid })
    .trim()
    .max(webhookUrlMaxLength, webhookMessages.urlInvalid)
    .refine(isWebhookUrlShape, webhookMessages.urlInvalid),
  events: z
    .array(webhookEventSchema, { error: webhookMessages.eventsRequired })
    .min(1, webhookMessages.eventsRequired)
    .max(webhookEvents.length)
    .transform((events) => webhookEvents.filter((e) => events.includes(e))),
  format: z.enum(webhookFormats).default('dak'),
});
export type WebhookCreate = z.input<typeof webhookCreateSchema>;

/** PATCH /shops/:shopId/webhooks/:id: change the events or the format, or enable again. */
export const webhookUpdateSchema = z.object({
  events: webhookCreateSchema.shape.events.optional(),
  format: z.enum(webhookFormats).optional(),
  enabled: z.boolean().optional(),
});
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

/** http(s), a host (name, IPv4 or [IPv6]), an optional port and path; no credentials, no spaces. */
const webhookUrlPattern =
  /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;

export function isWebhookUrlShape(value: string): boolean {
  return webhookUrlPattern.test(value);
}

/** The answer to a create: the only time the signing secret is shown. */
export const webhookCreatedSchema = z.object({
  id: z.uuid(),
  secret: z.string(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  format: z.enum(webhookFormats),
});
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const webhookStatuses = ['active', 'disabled'] as const;

/** One endpoint in the list: never the secret. */
export const webhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  format: z.enum(webhookFormats),
  status: z.enum(webhookStatuses),
  /** Why it is disabled: the owner's choice or 24 hours of failures. */
  disabledReason: z.enum(['owner', 'failing']).nullable(),
  /** Since when every delivery has failed (null while the last one succeeded). */
  failingSince: z.date().nullable(),
  lastDeliveryAt: z.date().nullable(),
  createdAt: z.date(),
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookListSchema = z.object({ items: z.array(webhookSchema) });
export type WebhookList = z.infer<typeof webhookListSchema>;

export const webhookDeliveryStatuses = ['pending', 'retrying', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** One delivery in an endpoint's log (GET /shops/:shopId/webhooks/:id/deliveries). */
export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  event: z.string(),
  /** The parcel the event is about, when it is about one. */
  trackingId: z.string().nullable(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  /** The receiver's last HTTP status, null when it could not be reached or timed out. */
  responseCode: z.number().int().nullable(),
  /** The receiver's last answer, cut to webhookResponseBodyMaxChars, or the network error. */
  responseBody: z.string().nullable(),
  /** The exact JSON body that was (or will be) signed and sent. */
  requestBody: z.string(),
  durationMs: z.number().int().nullable(),
  createdAt: z.date(),
  lastAttemptAt: z.date().nullable(),
  nextAttemptAt: z.date().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({
  items: z.array(webhookDeliverySchema),
  /** Pass as `?before=` for the next (older) page; null at the end. */
  nextBefore: z.string().nullable(),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
