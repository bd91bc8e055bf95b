import { z } from 'zod';
import { addressSchema } from './address';
import { listSchema, pageQuery } from './lists';
import { keyed } from './messages';
import { nameSchema, requiredText } from './names';
import { idField } from './parcel';
import { phoneSchema } from './phone';

/**
 * Customers (issue 4, parts 4 and 8): the shop's address book, filled from bookings, and the
 * platform-wide delivery record of a phone, which warns a merchant before booking for a customer
 * who often refuses parcels (spec 5: "Low customer success rate triggers a confirmation warning
 * showing the return chance").
 */

export const customerMessages = keyed('customers', {
  notFound: 'Customer not found',
  nothingToChange: 'Nothing to change',
  reasonRequired: 'Reason is required',
  reasonTooLong: 'Reason must be at most 500 characters',
  areaNotFound: 'Delivery area not found',
  flagged: 'Customer flagged',
} as const);

/**
 * Warn when fewer than 70% of this phone's finished parcels (delivered or returned, on the whole
 * platform) were delivered, once there are at least 3 of them: with fewer, one refusal says little.
 */
export const successRateRules = { warnBelowPercent: 70, minFinished: 3 } as const;

export type SuccessRate = {
  delivered: number;
  returned: number;
  finished: number;
  /** Whole percent delivered of finished; null with nothing finished. */
  successRate: number | null;
  /** 100 − successRate: the return chance the warning shows. */
  returnChance: number | null;
  warn: boolean;
};

/** The delivery record of a phone from its counts. */
export function successRateOf(delivered: number, returned: number): SuccessRate {
  const finished = delivered + returned;
  const successRate = finished === 0 ? null : Math.round((delivered / finished) * 100);
  return {
    delivered,
    returned,
    finished,
    successRate,
    returnChance: successRate === null ? null : 100 - successRate,
    warn:
      successRate !== null &&
      finished >= successRateRules.minFinished &&
      successRate < successRateRules.warnBelowPercent,
  };
}

export const phoneQuerySchema = z.object({ phone: phoneSchema });

export const successRateSchema = z.object({
  phone: z.string(),
  delivered: z.number().int(),
  returned: z.number().int(),
  finished: z.number().int(),
  successRate: z.number().int().nullable(),
  returnChance: z.number().int().nullable(),
  warn: z.boolean(),
  /** Whether this shop flagged the phone, and why (this shop's own reason only). */
  flaggedByThisShop: z.boolean(),
  flagReason: z.string().nullable(),
  /** How many shops flagged it; never which. */
  flaggedByShops: z.number().int(),
});

export const customerFlagSchema = z.object({
  phone: phoneSchema,
  reason: requiredText(customerMessages.reasonRequired).max(500, customerMessages.reasonTooLong),
});

export const customerSchema = z.object({
  id: z.string(),
  phone: z.string(),
  name: z.string(),
  address: z.string(),
  deliveryArea: z.object({ id: z.string(), nameEn: z.string(), nameBn: z.string() }),
  alternatePhone: z.string().nullable(),
  parcelCount: z.number().int(),
  lastBookedAt: z.date().nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customerListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .meta({ description: 'Phone (any spelling, or 5+ digits) or part of the name' }),
  ...pageQuery(100, 20),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;
export const customerListSchema = listSchema(customerSchema);

export const customerLookupSchema = z.object({ customer: customerSchema.nullable() });

export const customerUpdateSchema = z
  .object({
    name: nameSchema('Customer name').optional(),
    address: addressSchema('Customer address').optional(),
    deliveryAreaId: idField('Delivery area').optional(),
    /** null clears it. */
    alternatePhone: phoneSchema.nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), customerMessages.nothingToChange);
export type CustomerUpdate = z.infer<typeof customerUpdateSchema>;
