import {
  maskPhone,
  type ShopTracking,
  type Tracking,
  trackingMessage,
  trackingMessagesText,
  trackingSchema,
} from '@dak/domain/operations';
import { type ParcelStatus, statusGroupOf } from '@dak/domain/parcel-status';
import { normalizeTrackingId } from '@dak/domain/tracking-id';
import type { Kysely } from 'kysely';
import type { RateLimits } from '../../config';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import { serialiseAnswer } from '../../lib/json-answer';
import type { RateLimiter } from '../../plugins/rate-limit';
import { createTrackingRepository, type Queryable } from './tracking.repository';
import type { TrackingCache } from './tracking-cache';

/**
 * Public tracking: what a customer may see of a parcel. Built from an allow-list of columns
 * (status, events, hub names, the delivery area and district, the phone masked), so nothing
 * personal can slip in when the parcel grows. Rate-limited per IP like /areas/predict.
 */
export function createTrackingService(deps: {
  db: Kysely<DB>;
  /** The API's pool, for the public view's prepared statement. */
  pool: Queryable;
  rateLimiter: RateLimiter;
  limits: Pick<RateLimits, 'trackingPerIpPerMinute'>;
  /** Public answers by tracking ID, serialised, dropped by NOTIFY on every change (issue 16). */
  cache: TrackingCache<Buffer>;
}) {
  const repo = createTrackingRepository(deps.db, deps.pool);

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

  type PublicRow = NonNullable<Awaited<ReturnType<typeof repo.publicTracking>>>;

  async function view(parcelId: string): Promise<Tracking> {
    const parcel = await repo.publicTracking({ id: parcelId });
    if (!parcel) throw new AppError('NOT_FOUND', 'Parcel not found');
    return toTracking(parcel);
  }

  function toTracking(parcel: PublicRow): Tracking {
    const { events } = parcel;
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
      const parcel = await repo.publicTracking({ trackingId: id });
      if (!parcel) throw new AppError('NOT_FOUND', trackingMessagesText.notFound(id));
      return toTracking(parcel);
    },

    /**
     * The public answer as the route sends it: serialised and encoded to UTF-8 once, and kept in this process until the
     * parcel changes (tracking-cache.ts); the per-IP limit is counted on every request.
     */
    async byTrackingIdBody(input: { trackingId: string; ip: string }): Promise<Buffer> {
      await limit(input.ip);
      const id = normalizeTrackingId(input.trackingId);
      if (!id) throw new AppError('NOT_FOUND', trackingMessagesText.malformed);
      return deps.cache.get(id, async () => {
        const parcel = await repo.publicTracking({ trackingId: id });
        if (!parcel) throw new AppError('NOT_FOUND', trackingMessagesText.notFound(id));
        return Buffer.from(serialiseAnswer(trackingSchema, toTracking(parcel)), 'utf8');
      });
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
      const row = await repo.shopLookup(input.shopId, input.q, trackingId);
      const own = row?.shop_id === input.shopId;
      if (!own) await limit(input.ip);
      if (!row) throw new AppError('NOT_FOUND', trackingMessagesText.shopLookupNotFound(input.q));
      const tracking = await view(row.id);
      if (!own) return { ...tracking, own: null };
      const hasProofPhoto = await repo.hasProofPhoto(row.id);
      return {
        ...tracking,
        own: {
          parcelId: row.id,
          invoiceId: row.invoice_id,
          customerName: row.customer_name,
          customerPhone: row.customer_phone,
          cashCollectionAmount: Number(row.cash_collection_poisha) / 100,
          hasProofPhoto,
        },
      };
    },

    /** The merchant's invoice ID with the customer's phone: both must match (the newest wins). */
    async byInvoice(input: { invoiceId: string; phone: string; ip: string }): Promise<Tracking> {
      await limit(input.ip);
      const row = await repo.idByInvoice(input.invoiceId, input.phone);
      if (!row) throw new AppError('NOT_FOUND', trackingMessagesText.lookupNotFound);
      return view(row.id);
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;
