import type { ParcelStatus } from '@dak/domain/parcel-status';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** A parcel as the Steadfast-compatible answers show it. */
export type SteadfastParcelRow = {
  tracking_id: string;
  invoice_id: string | null;
  customer_name: string;
  customer_phone: string;
  customer_address: string;
  instructions: string | null;
  status: ParcelStatus;
  cash_collection_poisha: number;
  amount_collected_poisha: number | null;
  delivery_charge_poisha: number;
  created_at: Date;
  updated_at: Date;
};

const columns = [
  'tracking_id',
  'invoice_id',
  'customer_name',
  'customer_phone',
  'customer_address',
  'instructions',
  'status',
  'cash_collection_poisha',
  'amount_collected_poisha',
  'delivery_charge_poisha',
  'created_at',
  'updated_at',
] as const;

const returnLeg: ParcelStatus[] = [
  'return_at_delivery_hub',
  'return_in_transit',
  'at_return_hub',
  'out_for_return',
  'returned',
];

/** The Steadfast-compatible API's reads of a shop's parcels: always within the one shop. */
export function createCompatSteadfastRepository(db: Kysely<DB>) {
  return {
    async byTrackingIds(shopId: string, trackingIds: readonly string[]): Promise<SteadfastParcelRow[]> {
      if (trackingIds.length === 0) return [];
      return (await db
        .selectFrom('parcels')
        .select(columns)
        .where('shop_id', '=', shopId)
        .where('tracking_id', 'in', [...trackingIds])
        .execute()) as SteadfastParcelRow[];
    },

    /** The newest parcel booked under the merchant's invoice (order id). */
    async byInvoice(shopId: string, invoice: string): Promise<SteadfastParcelRow | undefined> {
      return (await db
        .selectFrom('parcels')
        .select(columns)
        .where('shop_id', '=', shopId)
        .where('invoice_id', '=', invoice)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst()) as SteadfastParcelRow | undefined;
    },

    /** The shop's live parcels (not deleted) under any of these invoices: Steadfast's "taken". */
    async takenInvoices(shopId: string, invoices: readonly string[]): Promise<SteadfastParcelRow[]> {
      if (invoices.length === 0) return [];
      return (await db
        .selectFrom('parcels')
        .select(columns)
        .where('shop_id', '=', shopId)
        .where('invoice_id', 'in', [...invoices])
        .where('status', '<>', 'deleted')
        .execute()) as SteadfastParcelRow[];
    },

    /** The shop's parcels on (or at the end of) their return leg, newest change first. */
    async returning(shopId: string, limit: number): Promise<SteadfastParcelRow[]> {
      return (await db
        .selectFrom('parcels')
        .select(columns)
        .where('shop_id', '=', shopId)
        .where('status', 'in', returnLeg)
        .orderBy('updated_at', 'desc')
        .limit(limit)
        .execute()) as SteadfastParcelRow[];
    },
  };
}

export type CompatSteadfastRepository = ReturnType<typeof createCompatSteadfastRepository>;
