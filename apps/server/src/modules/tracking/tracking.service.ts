import {
  maskPhone,
  type ShopTracking,
  type Tracking,
  trackingMessage,
  trackingMessagesText,
} from '@dak/domain/operations';
import { type ParcelStatus, statusGroupOf } from '@dak/domain/parcel-status';
import { normalizeTrackingId } from '@dak/domain/tracking-id';
import type { Kysely } from 'kysely';
import type { RateLimits } from '../../config';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { RateLimiter } from '../../plugins/rate-limit';

/**
 * Public tracking: what a customer may see of a parcel. Built from an allow-list of columns
 * (status, events, hub names, the delivery area and district, the phone masked), so nothing
 * personal can slip in when the parcel grows. Rate-limited per IP like /areas/predict.
 */
export function createTrackingService(deps: {
  db: Kysely<DB>;
  rateLimiter: RateLimiter;
  limits: Pick<RateLimits, 'trackingPerIpPerMinute'>;
}) {
  const { db } = deps;

  /** Over the limit: 429 saying to wait a minute (the details keep retryAfterSeconds). */
  async function limit(ip: string) {
    try {
      await deps.rateLimiter.consume(`tracking:ip:${ip}`, deps.limits.trackingPerIpPerMinute, 60);
    } catch (error) {
      if (error instanceof AppError && error.code === 'RATE_LIMITED') {
        throw new AppError('RATE_LIMITED', trackingMessagesText.rateLimited, error.details);
      }
      throw error;
    }
  }

  async function view(parcelId: string): Promise<Tracking> {
    const parcel = await db
      .selectFrom('parcels as p')
      .innerJoin('areas as a', 'a.id', 'p.delivery_area_id')
      .innerJoin('districts as d', 'd.id', 'a.district_id')
      .select([
        'p.tracking_id',
        'p.status',
        'p.customer_phone',
        'a.name_en as area_en',
        'a.name_bn as area_bn',
        'd.name_en as district_en',
        'd.name_bn as district_bn',
      ])
      .where('p.id', '=', parcelId)
      .executeTakeFirstOrThrow();
    const events = await db
      .selectFrom('parcel_events as e')
      .leftJoin('hubs as h', 'h.id', 'e.hub_id')
      .select([
        'e.to_status',
        'e.at',
        'e.reason',
        'e.note',
        'h.id as hub_id',
        'h.name_en as hub_en',
        'h.name_bn as hub_bn',
      ])
      .where('e.parcel_id', '=', parcelId)
      .orderBy('e.at')
      .orderBy('e.id')
      .execute();
    return {
      trackingId: parcel.tracking_id,
      status: parcel.status,
      statusGroup: statusGroupOf(parcel.status),
      deliveryArea: {
        name: { en: parcel.area_en, bn: parcel.area_bn },
        district: { en: parcel.district_en, bn: parcel.district_bn },
      },
      customerPhone: maskPhone(parcel.customer_phone),
      events: events.map((e) => {
        const message = trackingMessage(e.to_status as ParcelStatus, e.reason, e.note);
        return {
          status: e.to_status,
          at: e.at,
          hub: e.hub_id ? { id: e.hub_id, name: { en: e.hub_en ?? '', bn: e.hub_bn ?? '' } } : null,
          message_en: message.en,
          message_bn: message.bn,
        };
      }),
    };
  }

  return {
    async byTrackingId(input: { trackingId: string; ip: string }): Promise<Tracking> {
      await limit(input.ip);
      const id = normalizeTrackingId(input.trackingId);
      if (!id) throw new AppError('NOT_FOUND', trackingMessagesText.malformed);
      const row = await db
        .selectFrom('parcels')
        .select('id')
        .where('tracking_id', '=', id)
        .executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND', trackingMessagesText.notFound(id));
      return view(row.id);
    },

    /**
     * The merchant's Track parcel screen: any shop's tracking ID, or an invoice ID of this shop
     * (the newest parcel with it). The shop's own parcel comes with what the shop already knows
     * of it; another shop's with only what public tracking shows. Anything but the shop's own
     * parcel counts against the caller's public tracking limit, so this route tells nobody more,
     * or faster, than /tracking does.
     */
    async forShop(input: { shopId: string; q: string; ip: string }): Promise<ShopTracking> {
      const trackingId = normalizeTrackingId(input.q);
      const columns = [
        'id',
        'shop_id',
        'invoice_id',
        'customer_name',
        'customer_phone',
        'cash_collection_poisha',
      ] as const;
      const byTracking = trackingId
        ? await db
            .selectFrom('parcels')
            .select(columns)
            .where('tracking_id', '=', trackingId)
            .executeTakeFirst()
        : undefined;
      const row =
        byTracking ??
        (await db
          .selectFrom('parcels')
          .select(columns)
          .where('shop_id', '=', input.shopId)
          .where('invoice_id', '=', input.q)
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst());
      const own = row?.shop_id === input.shopId;
      if (!own) await limit(input.ip);
      if (!row) throw new AppError('NOT_FOUND', trackingMessagesText.shopLookupNotFound(input.q));
      const tracking = await view(row.id);
      if (!own) return { ...tracking, own: null };
      const proof = await db
        .selectFrom('delivery_proofs')
        .select('id')
        .where('parcel_id', '=', row.id)
        .executeTakeFirst();
      return {
        ...tracking,
        own: {
          parcelId: row.id,
          invoiceId: row.invoice_id,
          customerName: row.customer_name,
          customerPhone: row.customer_phone,
          cashCollectionAmount: Number(row.cash_collection_poisha) / 100,
          hasProofPhoto: proof !== undefined,
        },
      };
    },

    /** The merchant's invoice ID with the customer's phone: both must match (the newest wins). */
    async byInvoice(input: { invoiceId: string; phone: string; ip: string }): Promise<Tracking> {
      await limit(input.ip);
      const row = await db
        .selectFrom('parcels')
        .select('id')
        .where('invoice_id', '=', input.invoiceId)
        .where('customer_phone', '=', input.phone)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND', trackingMessagesText.lookupNotFound);
      return view(row.id);
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;
