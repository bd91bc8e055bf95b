import { z } from 'zod';
import { addressSchema } from './address';
import { listSchema, pageQuery } from './lists';
import { keyed, say } from './messages';
import { nameSchema } from './names';
import {
  flowTypes,
  parcelStatusGroupSchema,
  parcelStatusSchema,
  parcelTypes,
  paymentStatusSchema,
  sellerStatusSchema,
} from './parcel-status';
import { phoneSchema } from './phone';
import { cashTextSchema, chargeAmountsSchema, weightGramsSchema } from './pricing';

/**
 * Parcels (spec 3 and 7): the booking form, the list query and what the API returns. Weight and
 * cash rules are pricing.ts's, address and phone rules address.ts's and phone.ts's: one rule each.
 * Amounts here are whole taka; the server keeps poisha.
 */

export const parcelMessages = keyed('parcels', {
  created: 'Parcel created successfully',
  deleted: 'Parcel deleted successfully',
  notFound: 'Parcel not found',
  notDeletable: 'Only a parcel waiting for pickup can be deleted',
  noActivePickupLocation: 'Add an active pickup location before booking a parcel',
  pickupLocationNotFound: 'Pickup location not found',
  pickupLocationInactive: 'This pickup location is inactive. Choose an active one.',
  alternateSamePhone: 'Alternate phone must differ from the customer phone',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different parcel',
  exchangeCreated: 'Exchange parcel created successfully',
  exchangeForwardOnly: 'The exchange parcel must be a forward parcel',
  reverseLegNotReverse: 'Only a reverse parcel can be the return leg of an exchange',
  reverseLegClosed: 'This reverse parcel was deleted or cancelled',
  reverseLegPickedUp: 'Only a reverse parcel waiting for pickup can be linked',
  reverseLegOtherCustomer: 'The reverse parcel is for another customer phone',
  reverseLegLinked: 'This reverse parcel is already linked to an exchange',
  reverseOnlyWithLink: 'A reverse-only booking cannot link another reverse parcel',
} as const);

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A cash amount in a booking: digits only (spec 5), as a JSON number or a string of digits. */
export function cashField(label: string) {
  return z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ error: `${label} is required` }).pipe(cashTextSchema),
  );
}

export const idField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100);

export const parcelCreateSchema = z.object({
  customerName: nameSchema('Customer name'),
  customerPhone: phoneSchema,
  customerAddress: addressSchema('Customer address'),
  deliveryAreaId: idField('Delivery area'),
  pickupLocationId: z.uuid({ error: 'Pickup location is required' }),
  cashCollectionAmount: cashField('Cash collection amount'),
  sellingPrice: cashField('Selling price'),
  weightGrams: weightGramsSchema(),
  invoiceId: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(100).optional()),
  alternatePhone: z.preprocess(emptyToUndefined, phoneSchema.optional()),
  categoryId: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(100).optional()),
  categoryVariantId: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(100).optional()),
  instructions: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .max(500, say('parcels.instructionsTooLong', 'Instructions must be at most 500 characters'))
      .optional(),
  ),
  parcelType: z.enum(parcelTypes).default('forward'),
});
export type ParcelCreate = z.infer<typeof parcelCreateSchema>;
export type ParcelCreateInput = z.input<typeof parcelCreateSchema>;

export const parcelSorts = ['createdAt:desc', 'createdAt:asc'] as const;

const dateOrTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export const parcelListQuerySchema = z.object({
  ...pageQuery(100, 20),
  sort: z.enum(parcelSorts).default('createdAt:desc'),
  statusGroup: parcelStatusGroupSchema.optional(),
  status: parcelStatusSchema.optional(),
  excludeStatus: parcelStatusSchema.optional().meta({
    description: 'Leave parcels in this status out (held for prepayment, when kept in their own tab)',
  }),
  paymentStatus: paymentStatusSchema.optional(),
  from: dateOrTime.optional().meta({ description: 'Created at or after: a Dhaka date or an instant' }),
  to: dateOrTime
    .optional()
    .meta({ description: 'Created at or before: a Dhaka date (whole day) or an instant' }),
  deliveryAreaId: z.string().trim().min(1).max(100).optional(),
  pickupLocationId: z.uuid().optional(),
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .meta({ description: 'Tracking ID, invoice ID, customer phone (any spelling) or part of the name' }),
});
export type ParcelListQuery = z.infer<typeof parcelListQuerySchema>;

export const parcelChargeSchema = chargeAmountsSchema;

export const parcelSchema = z.object({
  id: z.string(),
  trackingId: z.string(),
  invoiceId: z.string().nullable(),
  customerName: z.string(),
  customerPhone: z.string(),
  customerAddress: z.string(),
  alternatePhone: z.string().nullable(),
  deliveryArea: z.object({ id: z.string(), nameEn: z.string(), nameBn: z.string() }),
  pickupLocation: z.object({ id: z.string(), name: z.string() }),
  categoryId: z.string().nullable(),
  categoryVariantId: z.string().nullable(),
  /** Taka. */
  sellingPrice: z.number().int(),
  /** Taka. */
  cashCollectionAmount: z.number().int(),
  weightGrams: z.number().int(),
  instructions: z.string().nullable(),
  parcelType: z.enum(parcelTypes),
  flowType: z.enum(flowTypes),
  status: parcelStatusSchema,
  statusGroup: parcelStatusGroupSchema,
  sellerStatus: sellerStatusSchema,
  paymentStatus: paymentStatusSchema,
  charge: parcelChargeSchema,
  /** Dhaka date the pickup is planned for. */
  pickupDate: z.string(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type Parcel = z.infer<typeof parcelSchema>;

export const parcelEventSchema = z.object({
  at: z.date(),
  fromStatus: parcelStatusSchema.nullable(),
  toStatus: parcelStatusSchema,
  actor: z.object({ kind: z.enum(['user', 'staff', 'system']), id: z.string().nullable() }),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  hubId: z.string().nullable(),
});
export type ParcelEvent = z.infer<typeof parcelEventSchema>;

/** The other leg of an exchange, seen from either leg. */
export const exchangeLinkSchema = z.object({
  /** What the other parcel is to this one. */
  role: z.enum(['forward', 'reverse']),
  id: z.string(),
  trackingId: z.string(),
  status: parcelStatusSchema,
});
export type ExchangeLink = z.infer<typeof exchangeLinkSchema>;

export const parcelDetailSchema = parcelSchema.extend({
  events: z.array(parcelEventSchema),
  exchange: exchangeLinkSchema.nullable(),
  /** The rider proved the delivery with a photo: GET …/parcels/:parcelId/proof gives it. */
  hasProofPhoto: z.boolean(),
});
export type ParcelDetail = z.infer<typeof parcelDetailSchema>;

/**
 * A page of the parcel list. `count` stops at `parcelListCountCap` (parcel-list.ts): past it the
 * server stops counting and says so with `countCapped` (issue 16: a busy shop's count cost more
 * than its page).
 */
export const parcelListSchema = listSchema(parcelSchema).extend({
  countCapped: z.boolean().default(false).meta({
    description: 'True when more parcels match than the list counts (10 000): count is then that cap',
  }),
});

export const parcelDeletedSchema = z.object({
  id: z.string(),
  status: parcelStatusSchema,
  sellerStatus: sellerStatusSchema,
  message: z.string(),
});

/**
 * Exchange booking (spec 6: POST …/logistics/exchange {forwardParcelInfo, reverseParcelId,
 * isReverseOnly}). The forward leg is forwardParcelInfo and pays the exchange surcharge; its
 * return leg is either booked with it (same customer, pickup and area, no cash to collect) or an
 * existing reverse parcel of the shop (reverseParcelId). isReverseOnly books forwardParcelInfo's
 * details as a lone reverse parcel, no exchange.
 */
export const exchangeCreateSchema = z
  .object({
    forwardParcelInfo: parcelCreateSchema,
    reverseParcelId: z.preprocess(
      emptyToUndefined,
      z.uuid({ error: parcelMessages.reverseLegNotReverse }).optional(),
    ),
    isReverseOnly: z.boolean().default(false),
    sourcePanel: z.enum(['merchant', 'api']).optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.isReverseOnly && value.forwardParcelInfo.parcelType !== 'forward') {
      ctx.addIssue({
        code: 'custom',
        path: ['forwardParcelInfo', 'parcelType'],
        message: parcelMessages.exchangeForwardOnly,
      });
    }
    if (value.isReverseOnly && value.reverseParcelId) {
      ctx.addIssue({
        code: 'custom',
        path: ['reverseParcelId'],
        message: parcelMessages.reverseOnlyWithLink,
      });
    }
  });
export type ExchangeCreate = z.infer<typeof exchangeCreateSchema>;
export type ExchangeCreateInput = z.input<typeof exchangeCreateSchema>;

/** Why a parcel cannot become the return leg of an exchange, or null if it can. */
export function reverseLegProblem(
  parcel: { parcelType: 'forward' | 'reverse'; status: string; customerPhone: string; linked: boolean },
  forwardPhone: string,
): string | null {
  if (parcel.parcelType !== 'reverse') return parcelMessages.reverseLegNotReverse;
  if (parcel.status === 'deleted' || parcel.status === 'cancelled') return parcelMessages.reverseLegClosed;
  if (parcel.status !== 'pickup_pending') return parcelMessages.reverseLegPickedUp;
  if (parcel.linked) return parcelMessages.reverseLegLinked;
  if (parcel.customerPhone !== forwardPhone) return parcelMessages.reverseLegOtherCustomer;
  return null;
}

export const exchangeResultSchema = z.object({
  /** null for a reverse-only booking. */
  forward: parcelSchema.nullable(),
  reverse: parcelSchema,
  message: z.string(),
});
export type ExchangeResult = z.infer<typeof exchangeResultSchema>;
