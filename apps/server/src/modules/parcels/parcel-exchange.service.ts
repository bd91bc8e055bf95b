import {
  type ExchangeCreate,
  type ExchangeResult,
  parcelMessages,
  reverseLegProblem,
} from '@dak/domain/parcel';
import type { ChargeQuote } from '@dak/domain/pricing';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { type Idempotency, type IdempotentOutcome, type KeyRecorder, requestHash } from './idempotency';
import type { ParcelBooking } from './parcel-booking.service';
import type { ParcelLoader } from './parcel-queries.service';
import { fieldError, toParcel } from './parcel-shapes';
import type { ParcelsRepository } from './parcels.repository';

type Booker = { shopId: string; userId: string; now: Date };

/**
 * Exchanges: a forward parcel (with the exchange surcharge) and its reverse leg, linked, in one
 * transaction, through booking's insert; or one reverse parcel alone. Idempotent like a booking.
 */
export function createParcelExchange(deps: {
  db: Kysely<DB>;
  clock: Clock;
  repo: ParcelsRepository;
  load: ParcelLoader;
  idempotency: Idempotency;
  booking: Pick<ParcelBooking, 'prepare' | 'insertBooking'>;
}) {
  const { db, clock, repo, load, idempotency, booking } = deps;

  /** An existing reverse parcel of the shop, locked and checked, becomes the exchange's return leg. */
  async function adoptReverseLeg(trx: Transaction<DB>, by: Booker, reverseParcelId: string, phone: string) {
    const leg = await repo.find(by.shopId, reverseParcelId, trx, true);
    if (!leg) throw new AppError('NOT_FOUND', parcelMessages.notFound);
    const linked = Boolean(await repo.findForwardOf(leg.id, trx)) || leg.reverse_parcel_id !== null;
    const problem = reverseLegProblem(
      { parcelType: leg.parcel_type, status: leg.status, customerPhone: leg.customer_phone, linked },
      phone,
    );
    if (problem === parcelMessages.reverseLegLinked) throw new AppError('CONFLICT', problem);
    if (problem) throw fieldError('reverseParcelId', problem);
    await repo.makeReverseLeg(leg.id, by.now, trx);
    return leg.id;
  }

  /** The legs' ids, booked in one transaction; the key is recorded in it. */
  async function bookExchange(by: Booker & { body: ExchangeCreate }, keys: KeyRecorder) {
    const { body, ...booker } = by;
    const info = body.isReverseOnly
      ? { ...body.forwardParcelInfo, parcelType: 'reverse' as const }
      : body.forwardParcelInfo;
    const { quote } = await booking.prepare(by.shopId, info, !body.isReverseOnly);
    const free: ChargeQuote = { ...quote, deliveryCharge: 0, codCharge: 0, totalCharge: 0, returnCharge: 0 };
    try {
      return await db.transaction().execute(async (trx) => {
        let forwardId: string | null = null;
        let reverseId: string;
        if (body.isReverseOnly) {
          reverseId = (await booking.insertBooking(trx, { ...booker, body: info, quote })).id;
        } else {
          reverseId = body.reverseParcelId
            ? await adoptReverseLeg(trx, booker, body.reverseParcelId, info.customerPhone)
            : (
                await booking.insertBooking(trx, {
                  ...booker,
                  body: { ...info, parcelType: 'reverse', cashCollectionAmount: 0, sellingPrice: 0 },
                  quote: free,
                  flowType: 'exchange_return',
                  skipAddressBook: true,
                })
              ).id;
          forwardId = (
            await booking.insertBooking(trx, { ...booker, body: info, quote, flowType: 'exchange_return' })
          ).id;
          await repo.linkReverse(forwardId, reverseId, trx);
        }
        await keys.record(trx, { parcelId: forwardId, reverseId });
        return { forwardId, reverseId };
      });
    } catch (error) {
      // Two exchanges racing for one reverse parcel: the unique index refuses the second.
      if ((error as { constraint?: string }).constraint === 'parcels_reverse_parcel_idx') {
        throw new AppError('CONFLICT', parcelMessages.reverseLegLinked);
      }
      throw error;
    }
  }

  return {
    /**
     * Books an exchange: the forward leg (with the exchange surcharge) and its reverse leg, in one
     * transaction; the reverse leg is booked with it or is an existing reverse parcel of the shop
     * (locked, checked, then linked). isReverseOnly books one reverse parcel. Idempotent like create.
     */
    async createExchange(input: {
      shopId: string;
      userId: string;
      body: ExchangeCreate;
      idempotencyKey?: string;
    }): Promise<IdempotentOutcome<Omit<ExchangeResult, 'message'>>> {
      const { shopId, userId, body, idempotencyKey } = input;
      const loadLegs = async (ids: { forwardId: string | null; reverseId: string }) => ({
        forward: ids.forwardId ? toParcel(await load(shopId, ids.forwardId)) : null,
        reverse: toParcel(await load(shopId, ids.reverseId)),
      });
      return idempotency.once({
        shopId,
        key: idempotencyKey,
        hash: requestHash(body),
        reusedMessage: parcelMessages.idempotencyKeyReused,
        replay: async (stored) => {
          const ids = stored.response as { parcelId?: string | null; reverseId?: string };
          // A single booking's key sent with an exchange.
          if (!ids.reverseId)
            throw new AppError('IDEMPOTENCY_KEY_REUSED', parcelMessages.idempotencyKeyReused);
          return loadLegs({ forwardId: ids.parcelId ?? null, reverseId: ids.reverseId });
        },
        book: async (keys) => ({
          result: await loadLegs(await bookExchange({ shopId, userId, body, now: clock.now() }, keys)),
          statusCode: 201,
        }),
      });
    },
  };
}
