import { z } from 'zod';
import { keyed, sayNow } from '../messages';
import type { ParcelCreateInput } from '../parcel';
import type { ParcelStatus } from '../parcel-status';

/**
 * The RedX-compatible API (issue 15, item 4): RedX's OpenAPI v1.0.0-beta spoken at
 * /compat/redx/v1.0.0-beta, so a shop's RedX plugin works against Dak with its base URL and token
 * changed. This file holds what the adapter needs to know about RedX: its status words, its field
 * names and how they become a Dak booking, and the request and answer shapes. No rule lives here
 * that Dak's own booking does not already have: the booking's schema judges the mapped body.
 */

/** RedX's status words (reference section 3.6), plus Dak's write-offs, which RedX has no word for. */
export const redxStatuses = [
  'pickup-pending',
  'picked-up',
  'ready-for-delivery',
  'delivery-in-progress',
  'delivered',
  'agent-hold',
  'agent-area-change',
  'agent-returning',
  'returned',
  'cancelled',
  'lost',
  'damaged',
] as const;
export type RedxStatus = (typeof redxStatuses)[number];

/**
 * Dak status → RedX status (reference sections 3.6 and 5). Why these: a parcel held for
 * prepayment still waits for pickup; picked up and on the line-haul is RedX's `picked-up`; at the
 * delivery hub it is `ready-for-delivery`; a failed attempt waits with the agent (`agent-hold`);
 * the whole way back is `agent-returning`; a merchant's delete before pickup is RedX's cancel.
 * Lost and damaged have no RedX word: they keep Dak's, rather than pretend to be a return.
 */
export const redxStatusOf: Record<ParcelStatus, RedxStatus> = {
  pickup_pending: 'pickup-pending',
  pickup_hold: 'pickup-pending',
  at_sorting: 'picked-up',
  in_transit: 'picked-up',
  at_delivery_hub: 'ready-for-delivery',
  out_for_delivery: 'delivery-in-progress',
  delivery_attempted: 'agent-hold',
  delivered: 'delivered',
  return_at_delivery_hub: 'agent-returning',
  return_in_transit: 'agent-returning',
  at_return_hub: 'agent-returning',
  out_for_return: 'agent-returning',
  returned: 'returned',
  deleted: 'cancelled',
  cancelled: 'cancelled',
  lost: 'lost',
  damaged: 'damaged',
};

export const redxDeliveryTypes = [
  'regular',
  'reverse',
  'exchange-delivery',
  'exchange-return',
  'partial-delivery',
] as const;
export type RedxDeliveryType = (typeof redxDeliveryTypes)[number];

/**
 * RedX's `delivery_type` of a parcel: partial and exchange deliveries are kinds of parcel there,
 * not statuses (reference section 3.5). A delivery that collected less than the cash to collect
 * is partial.
 */
export function redxDeliveryTypeOf(parcel: {
  parcelType: 'forward' | 'reverse';
  flowType: 'regular' | 'exchange_return';
  hasReverseLeg: boolean;
  status: ParcelStatus;
  cashToCollectPoisha: number;
  amountCollectedPoisha: number | null;
}): RedxDeliveryType {
  if (parcel.flowType === 'exchange_return') return 'exchange-return';
  if (parcel.parcelType === 'reverse') return 'reverse';
  if (parcel.hasReverseLeg) return 'exchange-delivery';
  if (
    parcel.status === 'delivered' &&
    parcel.amountCollectedPoisha !== null &&
    parcel.amountCollectedPoisha < parcel.cashToCollectPoisha
  ) {
    return 'partial-delivery';
  }
  return 'regular';
}

export const redxMessages = keyed('compatRedx', {
  tokenMissing: 'Send your Dak API token as API-ACCESS-TOKEN: Bearer dak_…',
  tokenInvalid: 'The API-ACCESS-TOKEN is not a live Dak API key',
  areaNotFound: 'Delivery area not found: take delivery_area_id from GET /areas',
  pickupStoreNotFound:
    'Pickup store not found: take pickup_store_id from GET /pickup/stores (not the shop id)',
  pickupAreaNotFound: 'Pickup area not found: take pickup_area_id from GET /areas',
  storeAreaNotFound: 'Area not found: take area_id from GET /areas',
  parcelNotFound: 'Parcel not found',
  entityTypeUnsupported: 'entity_type must be parcel-tracking-id',
  updateUnsupported:
    'Only cancelling is supported: update_details.property_name "status" with new_value "cancelled"',
  noPickupStore: 'Add a pickup store first (POST /pickup/store)',
  requestAccepted: 'Request Accepted',
});

/** The refusal of a cancel once the parcel has left pickup, in RedX's words with its status. */
export function redxNotCancellableMessage(status: RedxStatus): string {
  return sayNow(
    'compatRedx.notCancellable',
    'Parcel can not be cancelled: only a parcel waiting for pickup can be (status is {status})',
    { status },
  );
}

// Requests ------------------------------------------------------------------------------------

/** RedX clients send numbers as JSON numbers or strings (the codeboxr client sends every field as a string). */
const textOrNumber = z.union([z.string(), z.number()]);
const optionalText = textOrNumber.optional().nullable();

/**
 * POST /parcel (reference section 3.2). Every field as RedX documents it; what each must be is
 * the Dak booking's schema's to say, once the body is mapped (redxBookingOf), so the field rules
 * and messages are Dak's and the error names RedX's field.
 */
export const redxParcelCreateSchema = z
  .object({
    customer_name: optionalText.describe('Required'),
    customer_phone: optionalText.describe('Required, 01XXXXXXXXX'),
    delivery_area: optionalText.describe('The area name from GET /areas (the id decides)'),
    delivery_area_id: optionalText.describe('Required: an id from GET /areas'),
    customer_address: optionalText.describe('Required'),
    merchant_invoice_id: optionalText,
    tenant_invoice_id: optionalText.describe('The same as merchant_invoice_id (the doc copy’s spelling)'),
    cash_collection_amount: optionalText.describe('Required: whole taka to collect, "0" for prepaid'),
    parcel_weight: optionalText.describe('Required: grams'),
    value: optionalText.describe('Required: declared value in taka (compensation)'),
    instruction: optionalText,
    type: optionalText.describe('"reverse" for a reverse parcel'),
    is_closed_box: z.union([z.boolean(), z.string()]).optional().nullable(),
    pickup_store_id: optionalText.describe('From GET /pickup/stores; the oldest active store if omitted'),
    parcel_details_json: z.unknown().optional().describe('Line items [{name, category, value}]'),
  })
  .loose();
export type RedxParcelCreate = z.infer<typeof redxParcelCreateSchema>;

/** RedX's numeric id as a client sends it (a JSON number or digits), or null when absent or not one. */
export function redxNumericId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value)) {
    const n = Number(value.trim());
    return n > 0 ? n : null;
  }
  return null;
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '';
const asText = (v: unknown) => (present(v) ? String(v).trim() : undefined);
/** "1250.00" is 1250: RedX clients format money with decimals; Dak's rule (whole taka) judges the rest. */
const wholeAmount = (v: unknown) => {
  const text = asText(v);
  return text && /^\d+\.0+$/.test(text) ? text.replace(/\.0+$/, '') : text;
};

/**
 * A RedX parcel as a Dak booking's body, with the ids the server resolved (the delivery area and
 * pickup store are numbers in RedX). Only mapping: the booking schema then judges every field.
 * RedX's `is_closed_box` and `parcel_details_json` have no Dak field and are not kept.
 */
export function redxBookingOf(
  body: RedxParcelCreate,
  resolved: { deliveryAreaId: string; pickupLocationId: string },
): ParcelCreateInput {
  const weight = asText(body.parcel_weight);
  return {
    customerName: asText(body.customer_name) ?? '',
    customerPhone: asText(body.customer_phone) ?? '',
    customerAddress: asText(body.customer_address) ?? '',
    deliveryAreaId: resolved.deliveryAreaId,
    pickupLocationId: resolved.pickupLocationId,
    cashCollectionAmount: wholeAmount(body.cash_collection_amount) as string,
    sellingPrice: (wholeAmount(body.value) ?? '0') as string,
    weightGrams: (weight !== undefined && /^\d+(\.\d+)?$/.test(weight) ? Number(weight) : weight) as number,
    invoiceId: asText(body.merchant_invoice_id) ?? asText(body.tenant_invoice_id),
    instructions: asText(body.instruction),
    parcelType: asText(body.type)?.toLowerCase() === 'reverse' ? 'reverse' : 'forward',
  };
}

/** A customer's phone as RedX shows it: 01XXXXXXXXX (Dak stores 8801XXXXXXXXX). */
export function redxPhone(stored: string): string {
  return `0${stored.replace(/^880/, '')}`;
}

/** A Dak request field → the RedX field a client sent it as (for errors a RedX client can place). */
export const redxFieldOf: Record<string, string> = {
  customerName: 'customer_name',
  customerPhone: 'customer_phone',
  customerAddress: 'customer_address',
  deliveryAreaId: 'delivery_area_id',
  pickupLocationId: 'pickup_store_id',
  cashCollectionAmount: 'cash_collection_amount',
  sellingPrice: 'value',
  weightGrams: 'parcel_weight',
  invoiceId: 'merchant_invoice_id',
  instructions: 'instruction',
  parcelType: 'type',
  // The pickup store's and the charge calculator's fields.
  areaId: 'area_id',
  pickupAreaId: 'pickup_area_id',
  cash: 'cash_collection_amount',
};

/** PATCH /parcels: RedX's update call; Dak takes the cancel (reference section 3.2). */
export const redxParcelUpdateSchema = z.object({
  entity_type: z.string().describe('parcel-tracking-id'),
  entity_id: z.string().describe('The tracking ID'),
  update_details: z.object({
    property_name: z.string().describe('status'),
    new_value: z.string().describe('cancelled'),
    reason: z.string().max(500).optional().nullable(),
  }),
});
export type RedxParcelUpdate = z.infer<typeof redxParcelUpdateSchema>;

/** GET /areas: all, or by post code, or by district name. */
export const redxAreasQuerySchema = z.object({
  post_code: z.string().trim().max(10).optional(),
  district_name: z.string().trim().max(100).optional(),
});

/** POST /pickup/store. The name, phone and address rules are Dak's pickup location's. */
export const redxPickupStoreCreateSchema = z
  .object({
    name: optionalText,
    phone: optionalText,
    address: optionalText,
    area_id: optionalText.describe('An id from GET /areas'),
  })
  .loose();

/** GET /charge/charge_calculator: the ids are RedX-style numbers from GET /areas, weight in grams. */
export const redxChargeQuerySchema = z.object({
  delivery_area_id: z.string().trim().max(12),
  pickup_area_id: z.string().trim().max(12),
  cash_collection_amount: z.string().trim().max(20).optional(),
  weight: z.string().trim().max(12),
});

// Answers ------------------------------------------------------------------------------------

export const redxAreaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  post_code: z.number().int().nullable(),
  division_name: z.string(),
  zone_id: z.number().int(),
});
export type RedxArea = z.infer<typeof redxAreaSchema>;
export const redxAreasSchema = z.object({ areas: z.array(redxAreaSchema) });

const areaKindLabels: Record<string, string> = {
  upazila: 'Upazila',
  thana: 'Thana',
  neighbourhood: 'Area',
  suburb: 'Suburb',
};

/**
 * RedX area names are what a merchant picks from a list, so each must be unique: a name shared
 * by areas of two districts gets its district ("Kotwali(Chattogram)", as RedX writes
 * "Mohammadpur(Dhaka)"), and one still shared within a district its kind too.
 */
export function redxAreaNames(
  areas: readonly { id: string; nameEn: string; districtNameEn: string; kind: string }[],
): Map<string, string> {
  const count = (key: (a: (typeof areas)[number]) => string) => {
    const counts = new Map<string, number>();
    for (const a of areas) counts.set(key(a), (counts.get(key(a)) ?? 0) + 1);
    return counts;
  };
  const byName = count((a) => a.nameEn);
  const byDistrict = count((a) => `${a.nameEn}\u0000${a.districtNameEn}`);
  const names = new Map<string, string>();
  for (const a of areas) {
    if ((byName.get(a.nameEn) ?? 0) < 2) names.set(a.id, a.nameEn);
    else if ((byDistrict.get(`${a.nameEn}\u0000${a.districtNameEn}`) ?? 0) < 2)
      names.set(a.id, `${a.nameEn}(${a.districtNameEn})`);
    else names.set(a.id, `${a.nameEn}(${a.districtNameEn}, ${areaKindLabels[a.kind] ?? a.kind})`);
  }
  return names;
}

/**
 * Whether a district name a client sent names this district: any spelling Dak knows (English,
 * Bengali, old spellings like Barisal or Bogra), case and "district"/"zila" aside.
 */
export function redxDistrictMatches(
  query: string,
  district: { id: string; nameEn: string; nameBn: string; aliases: readonly string[] },
): boolean {
  const norm = (s: string) =>
    s
      .normalize('NFC')
      .toLowerCase()
      .replace(/['’`.]/g, '')
      .replace(/\b(district|zila|zilla)\b|জেলা/g, '')
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
      .trim();
  const q = norm(query);
  if (!q) return false;
  return [district.id.replace(/-/g, ' '), district.nameEn, district.nameBn, ...district.aliases].some(
    (name) => norm(name) === q,
  );
}

export const redxPickupStoreSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  area_name: z.string(),
  area_id: z.number().int(),
  phone: z.string(),
  created_at: z.string(),
});
export type RedxPickupStore = z.infer<typeof redxPickupStoreSchema>;
export const redxPickupStoreListSchema = z.object({ pickup_stores: z.array(redxPickupStoreSchema) });
export const redxPickupStoreInfoSchema = z.object({ pickup_store: redxPickupStoreSchema });
/** The create answer has no created_at (reference section 3.3). */
export const redxPickupStoreCreatedSchema = redxPickupStoreSchema.omit({ created_at: true });

export const redxParcelCreatedSchema = z.object({ tracking_id: z.string() });

export const redxParcelInfoSchema = z.object({
  parcel: z.object({
    tracking_id: z.string(),
    customer_address: z.string(),
    delivery_area: z.string(),
    delivery_area_id: z.number().int(),
    /** The delivery charge in taka (the COD fee is apart, as the charge calculator gives it). */
    charge: z.number(),
    customer_name: z.string(),
    customer_phone: z.string(),
    cash_collection_amount: z.number(),
    parcel_weight: z.number().int(),
    merchant_invoice_id: z.string(),
    /** The documentation copy's spelling of the same field; both are sent. */
    tenant_invoice_id: z.string(),
    status: z.enum(redxStatuses),
    instruction: z.string(),
    created_at: z.string(),
    delivery_type: z.enum(redxDeliveryTypes),
    value: z.string(),
    pickup_location: z.object({
      id: z.number().int(),
      name: z.string(),
      address: z.string(),
      area_name: z.string(),
      area_id: z.number().int(),
    }),
  }),
});
export type RedxParcelInfo = z.infer<typeof redxParcelInfoSchema>;

export const redxTrackingSchema = z.object({
  tracking: z.array(z.object({ message_en: z.string(), message_bn: z.string(), time: z.string() })),
});

export const redxUpdateResultSchema = z.object({ success: z.boolean(), message: z.string() });

export const redxChargeSchema = z.object({ deliveryCharge: z.number(), codCharge: z.number() });

/** RedX's 4xx body (reference section 3.4): `{message, errors?}`; Dak adds its error code. */
export const redxErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type RedxError = z.infer<typeof redxErrorSchema>;

/**
 * Dak's error (code, message, details) as RedX's body: the message, Dak's code, and each field
 * that failed named as the client sent it (a booking field's Dak name mapped back to RedX's).
 */
export function redxErrorOf(error: { code: string; message: string; details?: unknown }): RedxError {
  const fields = (error.details as { fields?: { path?: unknown; message?: unknown }[] } | undefined)?.fields;
  const errors = Array.isArray(fields)
    ? fields.map((f) => {
        const path = String(f.path ?? '').replace(/^(body|querystring|params|headers)\./, '');
        const [head, ...rest] = path.split('.');
        const field = [redxFieldOf[head ?? ''] ?? head, ...rest].join('.');
        return { field, message: String(f.message ?? error.message) };
      })
    : undefined;
  return { message: error.message, code: error.code, ...(errors ? { errors } : {}) };
}
