import {
  type BulkConfirm,
  type BulkConfirmed,
  type BulkPreviewRow,
  type BulkRowError,
  type BulkRowInput,
  bulkBatchSize,
  bulkColumns,
  bulkExampleRow,
  bulkMessages,
  bulkRowErrorOf,
  defaultBulkImportLimit,
} from '@dak/domain/bulk';
import { type ParcelCreate, parcelCreateSchema } from '@dak/domain/parcel';
import type { ChargeQuote } from '@dak/domain/pricing';
import ExcelJS from 'exceljs';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { pageOf } from '../../lib/paging';
import type { AddressPredictionService } from '../address-prediction/address-prediction.service';
import type { FlagsService } from '../flags/flags.service';
import { type KeyRecorder, requestHash } from '../parcels/idempotency';
import type { ParcelsService } from '../parcels/parcels.service';
import type { BulkParcelsRepository } from './bulk-parcels.repository';

export type BulkParcelsService = ReturnType<typeof createBulkParcelsService>;

/** Stands in for the pickup location while a preview checks rows before one is chosen. */
const placeholderPickup = '00000000-0000-4000-8000-000000000000';
export const bulkPredictionFlag = 'area-prediction-bulk';

type CheckedRow = BulkPreviewRow & { body?: ParcelCreate; quote?: ChargeQuote };

/** The booking's field errors (`body.x`) as a row's `{field, message}`. */
export function rowErrorsOf(error: unknown): BulkRowError[] {
  if (!(error instanceof AppError)) throw error;
  const fields = (error.details as { fields?: { path: string; message: string }[] } | undefined)?.fields;
  if (fields?.length) return fields.map((f) => bulkRowErrorOf(f.path.replace(/^body\./, ''), f.message));
  return [bulkRowErrorOf('row', error.message, error.said)];
}

/**
 * Bulk booking (issue 4, part 6): the template, a preview that checks every row with the booking
 * schema (and, when a pickup location is known, the booking's database checks), and a confirm that
 * books all rows through the parcels service or none, and logs the upload.
 */
/**
 * The booking's database checks for every schema-valid row at once (the sheet and the developer
 * API's batch alike): a row that passes gets its quote, one that fails loses its body and gets
 * its errors in the sheet's words.
 */
export async function checkBookings(
  parcels: ParcelsService,
  shopId: string,
  rows: { body?: ParcelCreate; quote?: ChargeQuote; errors: BulkRowError[] }[],
): Promise<void> {
  const valid = rows.filter((r) => r.body);
  const checks = await parcels.checkMany(
    shopId,
    valid.map((r) => r.body as ParcelCreate),
  );
  for (const [i, row] of valid.entries()) {
    const check = checks[i];
    if (check && 'quote' in check) row.quote = check.quote;
    else {
      row.body = undefined;
      row.errors.push(...rowErrorsOf(check?.error));
    }
  }
}

export function createBulkParcelsService(deps: {
  repo: BulkParcelsRepository;
  clock: Clock;
  parcels: ParcelsService;
  flags: FlagsService;
  addressPrediction: AddressPredictionService;
}) {
  const { repo, clock, parcels, flags, addressPrediction } = deps;

  async function limitOf(shopId: string) {
    return (await repo.importLimit(shopId)) ?? defaultBulkImportLimit;
  }

  async function predictionEnabled(shopId: string) {
    try {
      return (await flags.rollout(shopId, bulkPredictionFlag)).enabled;
    } catch {
      return false;
    }
  }

  /** The shop's import limit; more rows than it are refused 413 (the rule for every way in). */
  async function refuseOverLimit(shopId: string, rows: number): Promise<number> {
    const limit = await limitOf(shopId);
    if (rows > limit)
      throw new AppError('PAYLOAD_TOO_LARGE', bulkMessages.tooManyRows(limit), { limit, rows });
    return limit;
  }

  async function checkRows(
    shopId: string,
    rows: BulkRowInput[],
    pickupLocationId: string | undefined,
  ): Promise<{ rows: CheckedRow[]; limit: number }> {
    if (rows.length === 0) throw new AppError('VALIDATION_FAILED', bulkMessages.noRows);
    const limit = await refuseOverLimit(shopId, rows.length);
    // The chosen pickup location must be the shop's and active, once for the whole upload.
    if (pickupLocationId) await parcels.checkPickupLocation(shopId, pickupLocationId);
    const predict = await predictionEnabled(shopId);
    const out: CheckedRow[] = [];
    let lastYield = performance.now();
    for (const [index, input] of rows.entries()) {
      // Other requests get the event loop every 50 ms: a 10 000-row sheet checked in one go held it
      // 0.3–0.5 s, and 1.5 s at a time with the area read from 1 000-character addresses.
      if (performance.now() - lastYield > 50) {
        await new Promise((resolve) => setImmediate(resolve));
        lastYield = performance.now();
      }
      const row: CheckedRow = { index, input, errors: [] };
      const candidate: Record<string, unknown> = { ...input };
      // A sheet's cells are text; the booking schema wants the weight as a number.
      const weight = typeof input.weightGrams === 'string' ? input.weightGrams.trim() : undefined;
      if (weight && /^\d+(\.\d+)?$/.test(weight)) candidate.weightGrams = Number(weight);
      const address = typeof input.customerAddress === 'string' ? input.customerAddress.trim() : '';
      const hasArea = input.deliveryAreaId !== undefined && String(input.deliveryAreaId ?? '').trim() !== '';
      if (!hasArea && predict && address) {
        const prediction = await addressPrediction.predictTrusted(address);
        if (prediction.areaId) {
          candidate.deliveryAreaId = prediction.areaId;
          row.predictedArea = {
            areaId: prediction.areaId,
            districtId: prediction.districtId,
            confidence: prediction.confidence,
          };
        }
      }
      candidate.pickupLocationId = pickupLocationId ?? placeholderPickup;
      const parsed = parcelCreateSchema.safeParse(candidate);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? 'row');
          if (field === 'pickupLocationId') continue;
          const message =
            field === 'deliveryAreaId' && !hasArea
              ? predict && address
                ? bulkMessages.areaNotPredicted
                : bulkMessages.areaRequired
              : issue.message;
          if (!row.errors.some((e) => e.field === field)) row.errors.push(bulkRowErrorOf(field, message));
        }
      } else {
        row.body = parsed.data;
      }
      out.push(row);
    }
    if (pickupLocationId) {
      // The booking's database checks, for all schema-valid rows at once.
      await checkBookings(parcels, shopId, out);
    }
    return { rows: out, limit };
  }

  const summary = (rows: CheckedRow[], limit: number) => {
    const view = rows.map(({ body: _b, quote: _q, ...r }) => r);
    const errorCount = view.filter((r) => r.errors.length > 0).length;
    return { rows: view, validCount: view.length - errorCount, errorCount, limit };
  };

  return {
    /**
     * Refuses a body with more rows than the shop's import limit, before any row is checked (the
     * routes call it once the JSON is parsed, before the schema looks at each row).
     */
    async checkRowCount(shopId: string, rows: unknown) {
      if (Array.isArray(rows)) await refuseOverLimit(shopId, rows.length);
    },

    /** The template: our columns and one example row, phones kept as text. */
    async template(): Promise<Buffer> {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Parcels');
      sheet.columns = bulkColumns.map((c) => ({
        header: c.header,
        key: c.field,
        width: Math.max(14, c.header.length + 2),
        style: c.field.endsWith('Phone') || c.field === 'invoiceId' ? { numFmt: '@' } : {},
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.addRow(bulkExampleRow);
      return Buffer.from(await workbook.xlsx.writeBuffer());
    },

    async preview(shopId: string, rows: BulkRowInput[], pickupLocationId?: string) {
      const checked = await checkRows(shopId, rows, pickupLocationId);
      return summary(checked.rows, checked.limit);
    },

    /**
     * Books every row or none: any invalid row answers 400 with the rows and their errors (and the
     * attempt is logged with created 0); otherwise all rows are booked, bulkBatchSize per
     * transaction, and the log row is written with the last batch.
     *
     * Idempotent by the sheet's Idempotency-Key, as a single booking is (issue 11): a retry answers
     * with the first answer, the key with another body is refused. The key is recorded in the first
     * batch's transaction (as in progress when there are more batches, completed in the last), so
     * of two confirms racing with one key only one books; the other replays it, or is told to wait
     * while it is still booking.
     */
    async confirm(input: { shopId: string; userId: string; body: BulkConfirm; idempotencyKey: string }) {
      const { shopId, userId, body, idempotencyKey } = input;
      const { result, statusCode, replayed } = await parcels.once<BulkConfirmed>({
        shopId,
        key: idempotencyKey,
        hash: requestHash({ bulkConfirm: body }),
        reusedMessage: bulkMessages.idempotencyKeyReused,
        replay: async (stored) => {
          const answer = stored.response as Partial<BulkConfirmed> & { inProgress?: boolean };
          if (answer.inProgress) throw new AppError('CONFLICT', bulkMessages.confirmInProgress);
          if (!answer.trackingIds)
            throw new AppError('IDEMPOTENCY_KEY_REUSED', bulkMessages.idempotencyKeyReused);
          return answer as BulkConfirmed;
        },
        book: async (keys) => ({ result: await book(keys), statusCode: 201 }),
      });
      return { result, statusCode, replayed };

      async function book(keys: KeyRecorder): Promise<BulkConfirmed> {
        const checked = await checkRows(shopId, body.rows, body.pickupLocationId);
        const bad = checked.rows.filter((r) => r.errors.length > 0);
        const log = (created: number, failed: number) => ({
          shop_id: shopId,
          user_id: userId,
          file_name: body.fileName ?? null,
          total: body.rows.length,
          created,
          failed,
          created_at: clock.now(),
        });
        if (bad.length > 0) {
          await repo.insertLog(log(0, bad.length));
          throw new AppError('VALIDATION_FAILED', bulkMessages.invalidRows, {
            rows: bad.map((r) => ({ index: r.index, errors: r.errors })),
          });
        }
        let answer: BulkConfirmed | undefined;
        let batches = 1;
        await parcels.createMany({
          shopId,
          userId,
          batchSize: bulkBatchSize,
          items: checked.rows.map((r) => ({ body: r.body as ParcelCreate, quote: r.quote as ChargeQuote })),
          onFirstBatch: async (trx, count) => {
            batches = count;
            if (count > 1) await keys.record(trx, { inProgress: true }, 202);
          },
          onLastBatch: async (trx, trackingIds) => {
            const logId = await repo.insertLog(log(body.rows.length, 0), trx);
            answer = { logId, created: trackingIds.length, trackingIds: [...trackingIds] };
            if (batches > 1) await keys.complete(trx, answer);
            else await keys.record(trx, answer);
          },
        });
        if (!answer) throw new Error('bulk confirm booked no last batch');
        return answer;
      }
    },

    async logs(shopId: string, page: { limit: number; offset: number }) {
      return pageOf(await repo.logs(shopId, page), (r) => ({
        id: r.id,
        fileName: r.file_name,
        total: r.total,
        created: r.created,
        failed: r.failed,
        user: { id: r.user_id, name: r.full_name },
        createdAt: r.created_at,
      }));
    },
  };
}
