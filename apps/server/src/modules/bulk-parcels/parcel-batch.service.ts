import { type ParcelBatch, type ParcelBatchResult, parcelBatchMessages } from '@dak/domain/api-keys';
import { type BulkRowError, bulkBatchSize, bulkMessages, bulkRowErrorOf } from '@dak/domain/bulk';
import { type ParcelCreate, parcelCreateSchema } from '@dak/domain/parcel';
import type { ChargeQuote } from '@dak/domain/pricing';
import { AppError } from '../../errors';
import { type KeyRecorder, requestHash } from '../parcels/idempotency';
import type { ParcelsService } from '../parcels/parcels.service';
import { checkBookings } from './bulk-parcels.service';

type Row = { body?: ParcelCreate; quote?: ChargeQuote; errors: BulkRowError[] };

/**
 * The developer API's batch booking (issue 15, item 2): up to 500 bookings in one call, each row
 * booked or refused on its own (all-or-nothing per row, not per call), the answer in input order.
 * Every row goes through the single booking's schema, the booking's database checks for many
 * (`checkMany`) and the one insert path (`createMany`), with the Idempotency-Key of every booking.
 */
export function createParcelBatchService(deps: { parcels: ParcelsService }) {
  const { parcels } = deps;

  async function checkRows(shopId: string, body: ParcelBatch): Promise<Row[]> {
    const rows: Row[] = body.parcels.map((input) => {
      const parsed = parcelCreateSchema.safeParse(input);
      if (parsed.success) return { body: parsed.data, errors: [] };
      const errors: BulkRowError[] = [];
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        if (!errors.some((e) => e.field === field)) errors.push(bulkRowErrorOf(field, issue.message));
      }
      return { errors };
    });
    await checkBookings(parcels, shopId, rows);
    return rows;
  }

  return {
    /**
     * Books the batch's good rows and answers every row in order. A retry with the same key and
     * body answers the first answer and books nothing; the key with another body is refused. A
     * batch with no good row books nothing and records no key (a retry answers the same).
     */
    async book(input: { shopId: string; userId: string; body: ParcelBatch; idempotencyKey: string }) {
      const { shopId, userId, body, idempotencyKey } = input;
      return parcels.once<ParcelBatchResult>({
        shopId,
        key: idempotencyKey,
        hash: requestHash({ parcelBatch: body }),
        reusedMessage: parcelBatchMessages.idempotencyKeyReused,
        replay: async (stored) => {
          const answer = stored.response as Partial<ParcelBatchResult> & { inProgress?: boolean };
          if (answer.inProgress) throw new AppError('CONFLICT', bulkMessages.confirmInProgress);
          if (!answer.results) {
            throw new AppError('IDEMPOTENCY_KEY_REUSED', parcelBatchMessages.idempotencyKeyReused);
          }
          return { results: answer.results };
        },
        book: async (keys) => ({ result: await bookRows(keys), statusCode: 200 }),
      });

      async function bookRows(keys: KeyRecorder): Promise<ParcelBatchResult> {
        const rows = await checkRows(shopId, body);
        const good = rows.filter((r) => r.body && r.quote);
        const answerWith = (trackingIds: readonly string[]): ParcelBatchResult => {
          let next = 0;
          return {
            results: rows.map((r) =>
              r.body && r.quote
                ? { ok: true, trackingId: trackingIds[next++] }
                : { ok: false, errors: r.errors },
            ),
          };
        };
        if (good.length === 0) return answerWith([]);
        let answer: ParcelBatchResult | undefined;
        let batches = 1;
        await parcels.createMany({
          shopId,
          userId,
          batchSize: bulkBatchSize,
          items: good.map((r) => ({ body: r.body as ParcelCreate, quote: r.quote as ChargeQuote })),
          onFirstBatch: async (trx, count) => {
            batches = count;
            if (count > 1) await keys.record(trx, { inProgress: true }, 202);
          },
          onLastBatch: async (trx, trackingIds) => {
            answer = answerWith(trackingIds);
            if (batches > 1) await keys.complete(trx, answer, 200);
            else await keys.record(trx, answer, 200);
          },
        });
        if (!answer) throw new Error('parcel batch booked no last batch');
        return answer;
      }
    },
  };
}

export type ParcelBatchService = ReturnType<typeof createParcelBatchService>;
