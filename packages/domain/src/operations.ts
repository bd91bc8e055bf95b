import { z } from 'zod';
import { type Bilingual, bilingualSchema } from './bilingual';
import { type PickupMissedReason, pickupEventReasons, pickupMissedReasons } from './hub-work';
import { listSchema, pageQuery } from './lists';
import { rowRefusalSchema } from './message-schemas';
import { keyed, sayNow } from './messages';
import { nameSchema, requiredText } from './names';
import {
  type FailedAttemptReason,
  failedAttemptReasons,
  type ParcelStatus,
  parcelStatusGroupSchema,
  parcelStatusSchema,
  returnOtpInputSchema,
} from './parcel-status';
import { phoneSchema } from './phone';

/**
 * Operations (issue 5, foundation): the contracts of bulk status updates, public tracking, hubs
 * and riders, and the customer-facing words for every status.
 */

// Bulk status updates ------------------------------------------------------------------------

/** At most this many parcels in one bulk request (a hub's evening batch, not a whole day). */
export const bulkStatusMax = 500;

export const bulkStatusUpdateSchema = z.object({
  trackingId: requiredText('Tracking ID is required').max(40),
  status: parcelStatusSchema,
  reason: z.string().trim().min(1).max(100).optional(),
  /** Taka; checked against the parcel's cash to collect by the status machine. */
  amountCollected: z.number({ error: 'Amount collected must be a number' }).optional(),
  /** The merchant's 4-digit hand-over code, for `returned` (each parcel has its own). */
  otp: returnOtpInputSchema.optional(),
});
export const bulkStatusRequestSchema = z.object({
  updates: z
    .array(bulkStatusUpdateSchema, { error: 'updates must be a list' })
    .min(1, 'Give at least one update')
    .max(bulkStatusMax, `At most ${bulkStatusMax} updates at a time`),
});
export type BulkStatusRequest = z.infer<typeof bulkStatusRequestSchema>;

export const bulkStatusResultSchema = z.object({
  results: z.array(
    z.object({
      trackingId: z.string(),
      ok: z.boolean(),
      error: rowRefusalSchema.optional(),
    }),
  ),
});
export type BulkStatusResult = z.infer<typeof bulkStatusResultSchema>;

// Public tracking ------------------------------------------------------------------------------

/** What a customer reads for each status: no names, no places beyond the hub. */
export const trackingMessages: Record<ParcelStatus, Bilingual> = {
  pickup_pending: {
    en: 'Booked; waiting for pickup from the merchant',
    bn: 'বুক করা হয়েছে; মার্চেন্টের কাছ থেকে পিকআপের অপেক্ষায়',
  },
  pickup_hold: { en: 'Pickup on hold', bn: 'পিকআপ হোল্ডে আছে' },
  at_sorting: { en: 'Picked up; at the sorting hub', bn: 'পিকআপ হয়েছে; সর্টিং হাবে আছে' },
  in_transit: { en: 'On the way to the delivery hub', bn: 'ডেলিভারি হাবের পথে, ট্রানজিটে' },
  at_delivery_hub: { en: 'Arrived at the delivery hub', bn: 'ডেলিভারি হাবে পৌঁছেছে' },
  out_for_delivery: { en: 'Out for delivery with a rider', bn: 'ডেলিভারির জন্য রাইডারের কাছে' },
  delivery_attempted: { en: 'Delivery attempted; on hold', bn: 'ডেলিভারির চেষ্টা করা হয়েছে (হোল্ড)' },
  delivered: { en: 'Delivered', bn: 'ডেলিভারি সম্পন্ন' },
  return_at_delivery_hub: { en: 'Being returned; at the delivery hub', bn: 'রিটার্ন হচ্ছে; ডেলিভারি হাবে আছে' },
  return_in_transit: { en: 'Being returned; on the way back', bn: 'রিটার্ন হচ্ছে; ফেরার পথে ট্রানজিটে' },
  at_return_hub: { en: 'Being returned; at the return hub', bn: 'রিটার্ন হচ্ছে; রিটার্ন হাবে আছে' },
  out_for_return: { en: 'Out for return to the merchant', bn: 'মার্চেন্টের কাছে রিটার্নের জন্য রাইডারের কাছে' },
  returned: { en: 'Returned to the merchant', bn: 'মার্চেন্টের কাছে রিটার্ন হয়েছে' },
  deleted: { en: 'Deleted by the merchant', bn: 'মার্চেন্ট মুছে ফেলেছেন' },
  cancelled: { en: 'Cancelled', bn: 'বাতিল' },
  lost: { en: 'Reported lost', bn: 'হারিয়ে গেছে বলে জানানো হয়েছে' },
  damaged: { en: 'Reported damaged', bn: 'ক্ষতিগ্রস্ত বলে জানানো হয়েছে' },
};

/** A failed attempt's reason appended to the customer's message, in both languages. */
export function trackingMessage(
  status: ParcelStatus,
  reason: string | null,
  note?: string | null,
): Bilingual {
  // The pickup rider's tick (no status change): collected, or not handed over and why.
  if (reason === pickupEventReasons.collected) {
    return { en: 'Collected by the pickup rider', bn: 'পিকআপ রাইডার পার্সেল সংগ্রহ করেছেন' };
  }
  if (reason === pickupEventReasons.missed) {
    const why = pickupMissedReasons[(note ?? 'other') as PickupMissedReason] ?? pickupMissedReasons.other;
    return {
      en: `Not handed over at pickup: ${why.en}`,
      bn: `পিকআপে পার্সেল হস্তান্তর হয়নি: ${why.bn}`,
    };
  }
  const base = trackingMessages[status];
  const why =
    reason && reason in failedAttemptReasons ? failedAttemptReasons[reason as FailedAttemptReason] : null;
  if (!why || why === failedAttemptReasons.other) return base;
  return { en: `${base.en}: ${why.en}`, bn: `${base.bn}: ${why.bn}` };
}

/** 8801712345678 → 01712-****78: enough for a customer to recognise, not to call. */
export function maskPhone(stored: string): string {
  const local = `0${stored.replace(/^880/, '')}`;
  return `${local.slice(0, 5)}-****${local.slice(-2)}`;
}

export const trackingSchema = z.object({
  trackingId: z.string(),
  status: parcelStatusSchema,
  statusGroup: parcelStatusGroupSchema,
  /** The delivery area and district, never the address. */
  deliveryArea: z.object({ name: bilingualSchema, district: bilingualSchema }),
  customerPhone: z.string().describe('Masked: 01712-****78'),
  events: z.array(
    z.object({
      status: parcelStatusSchema,
      at: z.date(),
      hub: z.object({ id: z.string(), name: bilingualSchema }).nullable(),
      message_en: z.string(),
      message_bn: z.string(),
    }),
  ),
});
export type Tracking = z.infer<typeof trackingSchema>;

export const trackingLookupQuerySchema = z.object({
  invoiceId: requiredText('Invoice ID is required').max(100),
  phone: phoneSchema,
});

export const trackingMessagesText = {
  notFound: (id: string) => `No parcel with tracking ID ${id}`,
  malformed: 'This is not a tracking ID: it looks like DK followed by 9 letters and digits',
  lookupNotFound: 'No parcel with this invoice ID and phone number',
  /** The per-IP tracking limit: a wait, never "no such parcel" (issue 11). */
  rateLimited: 'Too many tracking lookups from your connection: try again in a minute',
  shopLookupRequired: 'Enter a tracking ID or invoice ID',
  shopLookupNotFound: (q: string) => `No parcel with tracking ID or invoice ID ${q}`,
};

// The merchant's Track parcel screen -------------------------------------------------------------

/** What the merchant typed or pasted: any shop's tracking ID, or an invoice ID of their own shop. */
export const shopTrackingQuerySchema = z.object({
  q: requiredText(trackingMessagesText.shopLookupRequired).max(
    100,
    'A tracking ID or invoice ID is at most 100 characters',
  ),
});

/**
 * Public tracking, plus `own` when the parcel is the asking shop's: who it goes to, the invoice,
 * the cash and whether a delivery photo exists. Another shop's parcel answers `own: null` and
 * nothing beyond what the public page shows.
 */
export const shopTrackingSchema = trackingSchema.extend({
  own: z
    .object({
      parcelId: z.string(),
      invoiceId: z.string().nullable(),
      customerName: z.string(),
      customerPhone: z.string(),
      /** Taka. */
      cashCollectionAmount: z.number(),
      hasProofPhoto: z.boolean(),
    })
    .nullable(),
});
export type ShopTracking = z.infer<typeof shopTrackingSchema>;

// Hubs -------------------------------------------------------------------------------------------

export const hubKinds = ['district', 'city', 'sorting'] as const;

export const hubSchema = z.object({
  id: z.string().describe('The hub code, e.g. hub-dhaka-mirpur'),
  name: bilingualSchema,
  kind: z.enum(hubKinds),
  district: z.object({ id: z.string(), name: bilingualSchema }),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  active: z.boolean(),
  areaCount: z.number().int(),
  staffCount: z.number().int(),
  riderCount: z.number().int(),
});
export type Hub = z.infer<typeof hubSchema>;

export const hubQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  ...pageQuery(200, 50, 100_000),
});
export const hubListSchema = listSchema(hubSchema);

export const hubDetailSchema = hubSchema.extend({
  areas: z.array(z.object({ id: z.string(), name: bilingualSchema, postcode: z.string().nullable() })),
  staff: z.array(
    z.object({ id: z.string(), name: z.string(), phone: z.string(), role: z.string(), active: z.boolean() }),
  ),
});
export type HubDetail = z.infer<typeof hubDetailSchema>;

/** Only the contact details are editable; code, district and areas come from the seed. */
export const hubUpdateSchema = z
  .object({
    address: z.string().trim().min(5, 'Address must be at least 5 characters').max(300).nullable().optional(),
    phone: phoneSchema.nullable().optional(),
  })
  .refine((v) => v.address !== undefined || v.phone !== undefined, 'Change the address or the phone');

export const hubIdParamsSchema = z.object({
  id: z.string().regex(/^hub-[a-z0-9-]{2,60}$/, 'Hub not found'),
});

// Staff in hubs and riders --------------------------------------------------------------------

export const staffHubsUpdateSchema = z.object({
  hubIds: z.array(z.string().regex(/^hub-[a-z0-9-]{2,60}$/, 'Hub not found')).max(20, 'At most 20 hubs'),
});

export const riderSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  active: z.boolean(),
  hub: z.object({ id: z.string(), name: bilingualSchema }),
  createdAt: z.date(),
});
export type Rider = z.infer<typeof riderSchema>;

export const riderQuerySchema = z.object({
  hubId: z
    .string()
    .regex(/^hub-[a-z0-9-]{2,60}$/, 'Hub not found')
    .optional(),
  active: z.enum(['true', 'false']).optional(),
  q: z.string().trim().max(100).optional(),
  ...pageQuery(200, 50, 100_000),
});
export const riderListSchema = listSchema(riderSchema);

export const riderCreateSchema = z.object({
  name: nameSchema('Rider name'),
  phone: phoneSchema,
  hubId: z.string({ error: 'Choose a hub' }).regex(/^hub-[a-z0-9-]{2,60}$/, 'Choose a hub'),
});
export type RiderCreate = z.infer<typeof riderCreateSchema>;

export const riderUpdateSchema = z
  .object({
    name: nameSchema('Rider name').optional(),
    hubId: z
      .string()
      .regex(/^hub-[a-z0-9-]{2,60}$/, 'Choose a hub')
      .optional(),
    active: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to change');

export const riderLoginSchema = z.object({ phone: phoneSchema });

export const operationsMessages = keyed('operations', {
  hubNotFound: 'Hub not found',
  riderNotFound: 'Rider not found',
  staffNotFound: 'Staff member not found',
  riderPhoneTaken: 'This phone number already belongs to a staff member',
  notYourHub: 'This parcel is not in your hub',
  parcelNotFound: (id: string) =>
    sayNow('operations.parcelNotFound', 'No parcel with tracking ID {id}', { id }),
  conflict: 'The parcel changed at the same moment; look at it again',
  riderOneHub: 'A rider works in exactly one hub',
});
