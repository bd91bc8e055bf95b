import { z } from 'zod';
import { merchantTypes, shopRoles } from './auth';
import { listSchema } from './lists';
import { nidStatuses } from './nid';
import { paymentMethodViewSchema } from './payment-methods';
import { phoneSchema } from './phone';

/** Operations console: shops, their people and set-up, and the SMS outbox. */

const limit = z.coerce.number().int().min(1).max(100).default(20);
const offset = z.coerce.number().int().min(0).max(1_000_000).default(0);

export const opsShopQuerySchema = z.object({
  /** A shop name, part of the owner's phone, or a shop id. */
  q: z.string().trim().max(100, 'Search text is too long').optional(),
  limit,
  offset,
});

export const opsShopListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  merchantType: z.enum(merchantTypes),
  owner: z.object({ id: z.string(), phone: z.string(), name: z.string().nullable() }),
  memberCount: z.number().int(),
  createdAt: z.date(),
});
export const opsShopListSchema = listSchema(opsShopListItemSchema);

export const opsShopDetailSchema = z.object({
  shop: z.object({
    id: z.string(),
    name: z.string(),
    merchantType: z.enum(merchantTypes),
    dailyParcelCount: z.number().int(),
    createdAt: z.date(),
  }),
  owner: z.object({
    id: z.string(),
    phone: z.string(),
    name: z.string().nullable(),
    fullName: z.string().nullable(),
  }),
  members: z.array(
    z.object({
      userId: z.string(),
      phone: z.string(),
      name: z.string().nullable(),
      role: z.enum(shopRoles),
      status: z.string(),
      since: z.date(),
    }),
  ),
  pickupLocations: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      address: z.string(),
      areaId: z.string().nullable(),
      phone: z.string().nullable(),
      status: z.string(),
    }),
  ),
  paymentMethod: paymentMethodViewSchema.nullable(),
  nid: z.object({
    status: z.enum(nidStatuses),
    nidNumberMasked: z.string().nullable(),
    reason: z.string().nullable(),
    submittedAt: z.date().nullable(),
  }),
  terms: z.object({ currentVersion: z.number().int(), accepted: z.boolean() }),
});
export type OpsShopDetail = z.infer<typeof opsShopDetailSchema>;

export const smsOutboxQuerySchema = z.object({
  to: phoneSchema.optional(),
  limit,
  offset,
});

export const smsOutboxItemSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  body: z.string(),
  purpose: z.string(),
  provider: z.string(),
  status: z.enum(['recorded', 'sent', 'failed', 'sending', 'unconfirmed']),
  error: z.string().nullable(),
  createdAt: z.date(),
});
export const smsOutboxListSchema = listSchema(smsOutboxItemSchema);
