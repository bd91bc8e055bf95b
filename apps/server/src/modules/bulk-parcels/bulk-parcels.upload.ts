import {
  type BulkFormat,
  type BulkRowInput,
  bulkFileMaxBytes,
  bulkFormats,
  bulkMessages,
  bulkSheetLimits,
  CsvTooLarge,
  parseCsv,
  rowsFromSheet,
} from '@dak/domain/bulk';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { readXlsxTable } from './xlsx-sheet';

export type BulkUpload = {
  fileName: string;
  format: BulkFormat;
  rows: BulkRowInput[];
  pickupLocationId?: string;
};

const isZip = (b: Buffer) =>
  b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** A CSV is text: no NUL byte, valid UTF-8 (a PNG or a zip renamed .csv is neither). */
function csvText(bytes: Buffer): string | undefined {
  if (isZip(bytes) || bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Reads an .xlsx or .csv sheet, judged by its bytes as well as its name, into rows. */
export async function rowsFromFile(
  fileName: string,
  bytes: Buffer,
  format?: BulkFormat,
): Promise<{ format: BulkFormat; rows: BulkRowInput[] }> {
  const name = fileName.toLowerCase();
  let table: string[][];
  if (name.endsWith('.xlsx') && isZip(bytes)) {
    table = await readXlsxTable(bytes);
  } else if (name.endsWith('.csv')) {
    const text = csvText(bytes);
    if (text === undefined) throw new AppError('FILE_TYPE_NOT_ALLOWED', bulkMessages.fileType);
    // The .xlsx reader's limits, checked while the text is read: 5 MB of line breaks is five
    // million rows, which took seconds of the event loop before the row count was looked at.
    try {
      table = parseCsv(text, bulkSheetLimits);
    } catch (error) {
      if (!(error instanceof CsvTooLarge)) throw error;
      const message = error.refusal === 'tooBig' ? bulkMessages.sheetTooBig : bulkMessages.sheetTooMuchData;
      throw new AppError('FILE_TOO_LARGE', message);
    }
  } else {
    throw new AppError('FILE_TYPE_NOT_ALLOWED', bulkMessages.fileType);
  }
  const read = rowsFromSheet(table, format);
  if ('error' in read) throw new AppError('VALIDATION_FAILED', read.error);
  return read;
}

/** multipart/form-data: file `file` (at most 5 MB), optional fields `format`, `pickupLocationId`. */
export async function readBulkUpload(request: FastifyRequest): Promise<BulkUpload> {
  let file: { name: string; bytes: Buffer; truncated: boolean } | undefined;
  let format: string | undefined;
  let pickupLocationId: string | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: bulkFileMaxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 50 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') file = { name: part.filename, bytes, truncated: part.file.truncated };
      } else if (typeof part.value === 'string') {
        if (part.fieldname === 'format') format = part.value.trim();
        if (part.fieldname === 'pickupLocationId') pickupLocationId = part.value.trim() || undefined;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('PAYLOAD_TOO_LARGE', 'Send one file in the field "file"');
    }
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', bulkMessages.fileTooLarge);
    throw new AppError('VALIDATION_FAILED', 'The upload is incomplete or malformed; please try again');
  }
  if (!file || file.bytes.length === 0) throw new AppError('FILE_REQUIRED', bulkMessages.fileRequired);
  if (file.truncated) throw new AppError('FILE_TOO_LARGE', bulkMessages.fileTooLarge);
  if (format !== undefined && format !== '' && !(bulkFormats as readonly string[]).includes(format)) {
    throw new AppError('VALIDATION_FAILED', 'format must be dak, shopify or woocommerce');
  }
  const read = await rowsFromFile(file.name, file.bytes, (format || undefined) as BulkFormat | undefined);
  return { fileName: file.name, ...read, pickupLocationId };
}
