import type { Parcel } from '@dak/domain/parcel';
import { statusGroupOf } from '@dak/domain/parcel-status';
import type { ChargeQuote } from '@dak/domain/pricing';
import { AppError } from '../../errors';
import type { ParcelEventRow, ParcelRow } from './parcels.repository';

/** How a parcel row and its events read in the API, and the booking's body errors. */

export const taka = (poisha: number) => poisha / 100;
export const poisha = (taka: number) => taka * 100;

/** A quote's charge as the parcel's columns (booking and a repricing edit write them alike). */
export function chargeColumnsOf(quote: ChargeQuote) {
  return {
    delivery_charge_poisha: poisha(quote.deliveryCharge),
    cod_charge_poisha: poisha(quote.codCharge),
    total_charge_poisha: poisha(quote.totalCharge),
    return_charge_poisha: poisha(quote.returnCharge),
    rate_class: quote.rateClass,
    price_plan_id: quote.pricePlanId,
  };
}

export function toParcel(row: ParcelRow): Parcel {
  return {
    id: row.id,
    trackingId: row.tracking_id,
    invoiceId: row.invoice_id,
    customerName: row.customer_name,
    customerPhone: row.customer_phone,
    customerAddress: row.customer_address,
    alternatePhone: row.alternate_phone,
    deliveryArea: { id: row.delivery_area_id, nameEn: row.area_name_en, nameBn: row.area_name_bn },
    pickupLocation: { id: row.pickup_location_id, name: row.pickup_location_name },
    categoryId: row.category_id,
    categoryVariantId: row.category_variant_id,
    sellingPrice: taka(row.selling_price_poisha),
    cashCollectionAmount: taka(row.cash_collection_poisha),
    weightGrams: row.weight_grams,
    instructions: row.instructions,
    parcelType: row.parcel_type,
    flowType: row.flow_type,
    status: row.status,
    statusGroup: statusGroupOf(row.status),
    sellerStatus: row.seller_status,
    paymentStatus: row.payment_status,
    charge: {
      deliveryCharge: taka(row.delivery_charge_poisha),
      codCharge: taka(row.cod_charge_poisha),
      totalCharge: taka(row.total_charge_poisha),
      returnCharge: taka(row.return_charge_poisha),
      rateClass: row.rate_class,
    },
    pickupDate: row.pickup_date,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toEvent(row: ParcelEventRow) {
  const actor = row.actor_user_id
    ? { kind: 'user' as const, id: row.actor_user_id }
    : row.actor_staff_id
      ? { kind: 'staff' as const, id: row.actor_staff_id }
      : { kind: 'system' as const, id: null };
  return {
    at: row.at,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    actor,
    reason: row.reason,
    note: row.note,
    hubId: row.hub_id,
  };
}

/** A body field the schema could not judge alone (it needs the database), in the handler's shape. */
export function fieldError(field: string, message: string) {
  return new AppError('VALIDATION_FAILED', message, { fields: [{ path: `body.${field}`, message }] });
}

/** Pricing names its query's fields; booking names the body's. */
const quoteFieldToBody: Record<string, string> = {
  'querystring.weight': 'body.weightGrams',
  'querystring.cash': 'body.cashCollectionAmount',
  'querystring.pickupAreaId': 'body.pickupLocationId',
  'querystring.deliveryAreaId': 'body.deliveryAreaId',
  'querystring.categoryId': 'body.categoryId',
  'querystring.categoryVariantId': 'body.categoryVariantId',
};
export function asBodyError(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  const details = error.details as { fields?: { path: string; message: string }[] } | undefined;
  if (!details?.fields) return error;
  const fields = details.fields.map((f) => ({ ...f, path: quoteFieldToBody[f.path] ?? f.path }));
  return new AppError(error.code, error.message, { ...details, fields });
}
