import { PassThrough } from 'node:stream';
import type { Parcel } from '@dak/domain/parcel';
import {
  maxUnfinishedParcelExports,
  type ParcelExport,
  type ParcelExportFilters,
  parcelExportFileName,
  parcelExportFiltersSchema,
  parcelExportMessages,
  parcelExportProgress,
} from '@dak/domain/parcel-list';
import { formatPhoneLocal } from '@dak/domain/phone';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors';
import type { Jobs } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import type { Storage } from '../../lib/storage';
import type { ParcelsService } from '../parcels/parcels.service';
import type { ParcelExportRow, ParcelExportsRepository } from './parcel-exports.repository';

export const exportParcelsJobName = 'export-parcels';
export const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Parcels read per page while writing; each page is one progress update. */
const pageSize = 500;

/** The sheet's columns, in order (English headers: the file is shared with couriers and accountants). */
const columns: {
  header: string;
  key: string;
  width: number;
  value(p: Parcel): string | number | Date | null;
}[] = [
  { header: 'Tracking ID', key: 'trackingId', width: 16, value: (p) => p.trackingId },
  { header: 'Invoice ID', key: 'invoiceId', width: 16, value: (p) => p.invoiceId },
  { header: 'Created at', key: 'createdAt', width: 20, value: (p) => p.createdAt },
  { header: 'Status', key: 'status', width: 22, value: (p) => p.status },
  { header: 'Seller status', key: 'sellerStatus', width: 16, value: (p) => p.sellerStatus },
  { header: 'Payment status', key: 'paymentStatus', width: 16, value: (p) => p.paymentStatus },
  { header: 'Customer name', key: 'customerName', width: 24, value: (p) => p.customerName },
  {
    header: 'Customer phone',
    key: 'customerPhone',
    width: 16,
    value: (p) => formatPhoneLocal(p.customerPhone),
  },
  {
    header: 'Alternate phone',
    key: 'alternatePhone',
    width: 16,
    value: (p) => (p.alternatePhone ? formatPhoneLocal(p.alternatePhone) : null),
  },
  { header: 'Customer address', key: 'customerAddress', width: 40, value: (p) => p.customerAddress },
  { header: 'Delivery area', key: 'deliveryArea', width: 22, value: (p) => p.deliveryArea.nameEn },
  { header: 'Pickup location', key: 'pickupLocation', width: 22, value: (p) => p.pickupLocation.name },
  { header: 'Cash collection (Tk)', key: 'cash', width: 14, value: (p) => p.cashCollectionAmount },
  { header: 'Selling price (Tk)', key: 'sellingPrice', width: 14, value: (p) => p.sellingPrice },
  { header: 'Weight (g)', key: 'weight', width: 10, value: (p) => p.weightGrams },
  { header: 'Delivery charge (Tk)', key: 'deliveryCharge', width: 14, value: (p) => p.charge.deliveryCharge },
  { header: 'COD charge (Tk)', key: 'codCharge', width: 14, value: (p) => p.charge.codCharge },
  { header: 'Total charge (Tk)', key: 'totalCharge', width: 14, value: (p) => p.charge.totalCharge },
  { header: 'Parcel type', key: 'parcelType', width: 12, value: (p) => p.parcelType },
  { header: 'Pickup date', key: 'pickupDate', width: 12, value: (p) => p.pickupDate },
  { header: 'Instructions', key: 'instructions', width: 30, value: (p) => p.instructions },
];
export const parcelExportHeaders = columns.map((c) => c.header);

function toExport(row: ParcelExportRow): ParcelExport {
  const filters = parcelExportFiltersSchema.parse(row.filters);
  return {
    id: row.id,
    status: row.status,
    rowsDone: row.rows_done,
    rowCount: row.row_count,
    progress: parcelExportProgress({ status: row.status, rowsDone: row.rows_done, rowCount: row.row_count }),
    fileName: row.file_name,
    filters,
    error: row.status === 'failed' ? parcelExportMessages.failed : null,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    expiresAt: row.expires_at,
  };
}

/**
 * Exports of a shop's parcel list to xlsx (spec 4 "Export parcel history", spec 9 file name). The
 * route records the request and queues the export-parcels job; the job writes the sheet with
 * exceljs's streaming writer a page at a time, recording rows done, and stores the file in the
 * files storage; the expire-parcel-exports job deletes exports (and files) after EXPORT_TTL_HOURS.
 */
export function createParcelExportsService(deps: {
  clock: Clock;
  repo: ParcelExportsRepository;
  parcels: ParcelsService;
  storage: Storage;
  jobs: Jobs;
  ttlHours: number;
  log: FastifyBaseLogger;
}) {
  const { clock, repo, parcels, storage, jobs } = deps;

  /** The shop's own, unexpired export, or 404 as if it never was. */
  async function load(shopId: string, exportId: string) {
    const row = await repo.find(exportId);
    if (!row || row.shop_id !== shopId || row.expires_at <= clock.now()) {
      throw new AppError('NOT_FOUND', parcelExportMessages.notFound);
    }
    return row;
  }

  async function build(row: ParcelExportRow) {
    const filters = parcelExportFiltersSchema.parse(row.filters);
    const chunks: Buffer[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet('Parcels', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map(({ header, key, width }) => ({ header, key, width }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    const dateColumn = sheet.getColumn('createdAt');
    dateColumn.numFmt = 'yyyy-mm-dd hh:mm';

    let offset = 0;
    let rowCount: number | null = null;
    let done = 0;
    for (;;) {
      const page = await parcels.list(
        row.shop_id,
        { ...filters, limit: pageSize, offset },
        // Progress is a share of the whole: the list's capped count would stall it at the cap.
        { exactCount: rowCount === null },
      );
      rowCount ??= page.count;
      for (const parcel of page.items) {
        const values: Record<string, unknown> = {};
        for (const column of columns) {
          const value = column.value(parcel);
          // Excel has no time zones: write the Dhaka wall-clock time.
          values[column.key] =
            value instanceof Date ? new Date(value.getTime() + 6 * 60 * 60 * 1000) : (value ?? '');
        }
        sheet.addRow(values).commit();
      }
      done += page.items.length;
      offset += page.items.length;
      await repo.progress(row.id, { rows_done: done, row_count: Math.max(rowCount, done) });
      if (page.items.length < pageSize) break;
    }
    sheet.commit();
    await workbook.commit();
    return { bytes: Buffer.concat(chunks), done };
  }

  return {
    async create(input: { shopId: string; userId: string; filters: ParcelExportFilters }) {
      // A few at a time per shop: each reads the whole list. Old stuck ones expire with the rest.
      if ((await repo.unfinished(input.shopId)) >= maxUnfinishedParcelExports) {
        throw new AppError('RATE_LIMITED', parcelExportMessages.tooMany);
      }
      const now = clock.now();
      const row = await repo.insert({
        shop_id: input.shopId,
        user_id: input.userId,
        filters: JSON.stringify(input.filters),
        file_name: parcelExportFileName(now),
        created_at: now,
        expires_at: new Date(now.getTime() + deps.ttlHours * 60 * 60 * 1000),
      });
      await jobs.send(exportParcelsJobName, { exportId: row.id });
      return { id: row.id, status: row.status };
    },

    async get(shopId: string, exportId: string) {
      return toExport(await load(shopId, exportId));
    },

    async download(shopId: string, exportId: string) {
      const row = await load(shopId, exportId);
      if (row.status !== 'ready' || !row.storage_key) {
        throw new AppError('EXPORT_NOT_READY', parcelExportMessages.notReady, {
          status: row.status,
        });
      }
      const file = await storage.get(row.storage_key);
      if (!file) throw new AppError('NOT_FOUND', parcelExportMessages.notFound);
      return { fileName: row.file_name, bytes: file.bytes };
    },

    /** The export-parcels job: builds and stores the file; a failure is recorded, then retried by the queue. */
    async run(exportId: string) {
      const row = await repo.claim(exportId);
      if (!row) return; // Done, failed for good, or expired and deleted meanwhile.
      try {
        const { bytes, done } = await build(row);
        const key = `parcel-exports/${row.shop_id}/${row.id}.xlsx`;
        await storage.put(key, bytes, xlsxType);
        await repo.finish(row.id, {
          rows_done: done,
          row_count: done,
          storage_key: key,
          size_bytes: bytes.length,
          finished_at: clock.now(),
        });
      } catch (error) {
        deps.log.error({ err: error, exportId }, 'parcel export failed');
        await repo.fail(row.id, error instanceof Error ? error.message : String(error), clock.now());
        throw error;
      }
    },

    /** The expire-parcel-exports job: deletes exports past their time and their files. */
    async expire() {
      let removed = 0;
      for (;;) {
        const batch = await repo.expired(clock.now(), 200);
        for (const row of batch) {
          if (row.storage_key) await storage.delete(row.storage_key);
          await repo.remove(row.id);
        }
        removed += batch.length;
        if (batch.length < 200) return removed;
      }
    },
  };
}

export type ParcelExportsService = ReturnType<typeof createParcelExportsService>;
