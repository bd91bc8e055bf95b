import { z } from 'zod';
import { listSchema, pageQuery } from './lists';
import { messageParamsSchema } from './message-schemas';
import { keyed, type Message, messageFields, say } from './messages';

/**
 * Bulk parcel upload (issue 4, part 6; spec 5, 7 and 9): the template's columns, reading a sheet's
 * header row (ours, or a Shopify or WooCommerce order export) into booking inputs, and a small
 * RFC 4180 CSV reader. Rows are checked by parcel.ts's parcelCreateSchema, not by rules here: this
 * file only decides which cell feeds which booking field.
 */

export const bulkMessages = keyed('bulk', {
  pickupRequired: 'Choose a pickup location before confirming the upload',
  acknowledgementRequired: 'Confirm that the selling price of every parcel is correct',
  noRows: 'The file has no parcel rows',
  tooManyRows: (limit: number) =>
    say('bulk.tooManyRows', 'At most {limit} parcels can be uploaded at once', { limit }),
  invalidRows: 'Some rows have errors; fix them and confirm again',
  areaRequired: say('field.required', '{field} is required', { field: 'Delivery area' }),
  areaNotPredicted: 'Delivery area is required: we could not read it from the address',
  fileRequired: 'Attach an .xlsx or .csv file in the field "file"',
  fileType: 'Upload an Excel (.xlsx) or CSV (.csv) file',
  fileTooLarge: 'The file must be at most 5 MB',
  fileCorrupt: 'The file could not be read; save it again as .xlsx or .csv',
  noHeader: 'The first row must hold the column names of the template',
  sheetTooBig: 'The sheet is too large: at most 20000 rows below the header and 256 columns are read',
  sheetTooMuchData:
    'The file holds more data than an upload of 10000 parcels needs; remove unused sheets, rows and columns and try again',
  sheetTooSlow: 'The file took too long to read; save it again as .xlsx or .csv and try again',
  idempotencyKeyRequired:
    'Send an Idempotency-Key header with the confirm (one per sheet, the same on a retry) so a retry cannot book the sheet twice',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different sheet or booking',
  confirmInProgress: 'This sheet is still being booked; wait a moment and try again',
} as const);

/** Spec 9: an upload holds 100 rows unless staff raise the shop's limit, never above 10 000. */
export const defaultBulkImportLimit = 100;
export const maxBulkImportLimit = 10_000;
/** Spec 9: the web's sheet adds this many empty rows at a time. */
export const bulkSheetRowStep = 20;
export const bulkFileMaxBytes = 5 * 1024 * 1024;
/**
 * What the server reads of an .xlsx before it gives up (issue 11): checked before any cell is
 * kept — the sheet's declared dimension, each cell's row and column, each zip entry's uncompressed
 * size (from the zip's directory, before inflating), the shared strings' count and length, the
 * number of cells with a value. Rows allow two lines per parcel (an order export writes one line
 * per line item); columns allow any order export we map. Text in bulkMessages.sheetTooBig.
 */
export const bulkSheetLimits = {
  rows: 2 * maxBulkImportLimit + 1,
  columns: 256,
  cells: 1_000_000,
  entryBytes: 50 * 1024 * 1024,
  totalBytes: 100 * 1024 * 1024,
  entries: 1000,
  sharedStrings: 1_000_000,
  sharedStringChars: 20_000_000,
} as const;

/** Rows created per transaction on confirm. */
export const bulkBatchSize = 500;
/** Order exports carry no parcel weight: rows from them are booked at this weight unless edited. */
export const exportDefaultWeightGrams = 500;

export const bulkFormats = ['dak', 'shopify', 'woocommerce'] as const;
export type BulkFormat = (typeof bulkFormats)[number];

/** The booking fields a sheet row can fill (the pickup location is chosen once for the upload). */
export const bulkFields = [
  'invoiceId',
  'customerName',
  'customerPhone',
  'alternatePhone',
  'customerAddress',
  'deliveryAreaId',
  'weightGrams',
  'sellingPrice',
  'cashCollectionAmount',
  'categoryId',
  'instructions',
] as const;
export type BulkField = (typeof bulkFields)[number];

/** The template's columns in order, each with the other spellings merchants use. */
export const bulkColumns: readonly { field: BulkField; header: string; aliases: readonly string[] }[] = [
  {
    field: 'invoiceId',
    header: 'Invoice ID',
    aliases: ['invoice', 'invoice no', 'order id', 'merchant invoice id'],
  },
  { field: 'customerName', header: 'Customer name', aliases: ['name', 'recipient name', 'customer'] },
  {
    field: 'customerPhone',
    header: 'Customer phone',
    aliases: ['phone', 'mobile', 'recipient phone', 'customer mobile'],
  },
  {
    field: 'alternatePhone',
    header: 'Alternate phone',
    aliases: ['alt phone', 'alternative phone', 'secondary phone'],
  },
  {
    field: 'customerAddress',
    header: 'Customer address',
    aliases: ['address', 'recipient address', 'delivery address'],
  },
  {
    field: 'deliveryAreaId',
    header: 'Delivery area ID (optional when the address can be read)',
    aliases: ['delivery area id', 'delivery area', 'area id', 'area'],
  },
  {
    field: 'weightGrams',
    header: 'Weight (g)',
    aliases: ['weight', 'weight g', 'weight grams', 'weight in grams'],
  },
  { field: 'sellingPrice', header: 'Selling price', aliases: ['price', 'product price', 'selling price tk'] },
  {
    field: 'cashCollectionAmount',
    header: 'Cash to collect',
    aliases: ['cash collection', 'cash collection amount', 'cod', 'cod amount', 'collect amount'],
  },
  { field: 'categoryId', header: 'Category', aliases: ['category id', 'product category'] },
  {
    field: 'instructions',
    header: 'Instructions',
    aliases: ['note', 'notes', 'special instructions', 'remarks'],
  },
];

export const bulkExampleRow: Record<BulkField, string | number> = {
  invoiceId: 'INV-1001',
  customerName: 'Rahima Begum',
  customerPhone: '01712345678',
  alternatePhone: '',
  customerAddress: 'House 5, Road 3, Gulshan 1, Dhaka',
  deliveryAreaId: 'dhaka-city--gulshan',
  weightGrams: 500,
  sellingPrice: 1200,
  cashCollectionAmount: 1250,
  categoryId: '',
  instructions: 'Call before delivery',
};

/** Case, spaces, underscores, dashes and brackets do not matter in a column name. */
export function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/\(.*?\)/g, (m) => (/(^|\W)g(\W|$)|gram/.test(m) ? ` ${m.slice(1, -1)} ` : ' '))
    .replace(/[_\-./#:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const dakHeaderIndex = new Map<string, BulkField>();
for (const column of bulkColumns) {
  dakHeaderIndex.set(normalizeHeader(column.header), column.field);
  for (const alias of column.aliases) dakHeaderIndex.set(normalizeHeader(alias), column.field);
}

/** A row as a sheet or the web's grid gives it: text or numbers, any field may be missing. */
/** The longest text a row's cell carries (every field's own limit is lower). */
const maxCellChars = 1000;
const cell = z
  .union([z.string().max(maxCellChars), z.number()])
  .nullable()
  .optional();
export const bulkRowInputSchema = z.object(
  Object.fromEntries(bulkFields.map((f) => [f, cell])) as Record<BulkField, typeof cell>,
);
export type BulkRowInput = z.infer<typeof bulkRowInputSchema>;

export const bulkRowError = z.object({
  field: z.string(),
  message: z.string(),
  key: z.string().optional(),
  params: messageParamsSchema.optional(),
});
export type BulkRowError = z.infer<typeof bulkRowError>;

/** A row's error with its message's key and params beside the English text (messages.ts). */
export function bulkRowErrorOf(field: string, message: string, said?: Message): BulkRowError {
  return { field, message, ...messageFields(message, said) };
}

// Reading a sheet ---------------------------------------------------------------------------------

const shopifyMarkers = ['financial status', 'shipping name', 'lineitem name'];
const wooMarkers = ['order number', 'shipping first name', 'payment method'];

/** Which export a header row is: two of an export's marker columns name it, else ours. */
export function detectFormat(headers: readonly string[]): BulkFormat {
  const names = new Set(headers.map(normalizeHeader));
  const hits = (markers: string[]) => markers.filter((m) => names.has(m)).length;
  if (hits(shopifyMarkers) >= 2) return 'shopify';
  if (hits(wooMarkers) >= 2) return 'woocommerce';
  return 'dak';
}

type Record_ = Map<string, string>;

const get = (r: Record_, ...names: string[]) => {
  for (const name of names) {
    const value = r.get(normalizeHeader(name))?.trim();
    if (value) return value;
  }
  return '';
};
const joinParts = (...parts: string[]) =>
  parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(', ');

/**
 * Exports write money as decimals ("1250.00"). Whole amounts lose the zeros; anything else stays
 * as written so the booking schema reports it (we do not round a merchant's price).
 */
export function exportAmount(text: string): string {
  const t = text.replace(/,/g, '').trim();
  const m = /^(\d+)(?:\.0+)?$/.exec(t);
  return m?.[1] ?? t;
}

const blank = (row: BulkRowInput) =>
  Object.values(row).every((v) => v === undefined || v === null || String(v).trim() === '');

/** Our template: each known column to its field; unknown columns are ignored. */
function mapDak(headers: readonly string[], records: readonly string[][]): BulkRowInput[] {
  const fields = headers.map((h) => dakHeaderIndex.get(normalizeHeader(h)));
  return records.map((cells) => {
    const row: BulkRowInput = {};
    fields.forEach((field, i) => {
      const value = cells[i]?.trim();
      if (field && value) row[field] = value;
    });
    return row;
  });
}

/**
 * Shopify's orders export (Admin → Orders → Export): one line per line item, the order's fields on
 * its first line only, so lines after the first of an order (same Name) are skipped. Assumptions:
 * Name (#1001) is the invoice; Shipping Name/Phone (else Phone, Billing Phone); the address is
 * Shipping Address1, Address2 and City; Total is the selling price; cash to collect is the Total
 * unless Financial Status is paid (or partially refunded/refunded), then 0; Notes are instructions.
 * Weight is not in the export: exportDefaultWeightGrams. No delivery area: read from the address.
 */
function mapShopify(records: readonly Record_[]): BulkRowInput[] {
  const seen = new Set<string>();
  const rows: BulkRowInput[] = [];
  for (const r of records) {
    const name = get(r, 'Name');
    if (name && seen.has(name)) continue;
    if (name) seen.add(name);
    const total = exportAmount(get(r, 'Total'));
    const status = get(r, 'Financial Status').toLowerCase();
    const prepaid = ['paid', 'partially_refunded', 'refunded'].includes(status.replace(/\s+/g, '_'));
    rows.push({
      invoiceId: name,
      customerName: get(r, 'Shipping Name', 'Billing Name'),
      customerPhone: get(r, 'Shipping Phone', 'Phone', 'Billing Phone'),
      customerAddress: joinParts(
        get(r, 'Shipping Address1', 'Shipping Street'),
        get(r, 'Shipping Address2'),
        get(r, 'Shipping City'),
      ),
      weightGrams: exportDefaultWeightGrams,
      sellingPrice: total,
      cashCollectionAmount: prepaid ? '0' : total,
      instructions: get(r, 'Notes'),
    });
  }
  return rows;
}

/**
 * WooCommerce's order export (the "Order Export" CSV columns): Order Number is the invoice; the
 * name is Shipping First + Last Name (else Billing); Billing Phone (else Shipping Phone); address
 * Shipping Address 1, 2 and City (else Billing's); Order Total the selling price; cash to collect
 * the total when Payment Method is cod (cash on delivery), else 0; Customer Note the instructions.
 */
function mapWoo(records: readonly Record_[]): BulkRowInput[] {
  return records.map((r) => {
    const total = exportAmount(get(r, 'Order Total', 'Order Total Amount'));
    const method = get(r, 'Payment Method', 'Payment Method Title').toLowerCase();
    const cod = method === 'cod' || method.includes('cash on delivery');
    const name =
      joinParts(get(r, 'Shipping First Name'), get(r, 'Shipping Last Name')).replace(', ', ' ') ||
      joinParts(get(r, 'Billing First Name'), get(r, 'Billing Last Name')).replace(', ', ' ');
    const shipping = joinParts(
      get(r, 'Shipping Address 1'),
      get(r, 'Shipping Address 2'),
      get(r, 'Shipping City'),
    );
    return {
      invoiceId: get(r, 'Order Number', 'Order ID'),
      customerName: name,
      customerPhone: get(r, 'Billing Phone', 'Shipping Phone', 'Phone'),
      customerAddress:
        shipping ||
        joinParts(get(r, 'Billing Address 1'), get(r, 'Billing Address 2'), get(r, 'Billing City')),
      weightGrams: exportDefaultWeightGrams,
      sellingPrice: total,
      cashCollectionAmount: cod ? total : '0',
      instructions: get(r, 'Customer Note'),
    };
  });
}

/**
 * A sheet's cells (first row the headers) as booking inputs, with the format named or detected.
 * Empty rows are dropped; empty values become absent fields.
 */
export function rowsFromSheet(
  table: readonly (readonly string[])[],
  format?: BulkFormat,
): { format: BulkFormat; rows: BulkRowInput[] } | { error: string } {
  const [headerRow, ...body] = table;
  const headers = (headerRow ?? []).map((h) => String(h ?? ''));
  if (!headers.some((h) => h.trim())) return { error: bulkMessages.noHeader };
  const chosen = format ?? detectFormat(headers);
  // A sheet's cell is cut to the row's cell limit: the field's own check still refuses it (no
  // field takes that much), and the preview's echo of the row stays within its schema; a longer
  // cell made the answer fail its schema, a 500 (review finding).
  const records = body.map((cells) => cells.map((c) => String(c ?? '').slice(0, maxCellChars)));
  let rows: BulkRowInput[];
  if (chosen === 'dak') {
    if (!headers.some((h) => dakHeaderIndex.has(normalizeHeader(h)))) return { error: bulkMessages.noHeader };
    rows = mapDak(headers, records);
  } else {
    const keyed = records.map(
      (cells) => new Map(headers.map((h, i) => [normalizeHeader(h), cells[i] ?? ''])),
    );
    rows = chosen === 'shopify' ? mapShopify(keyed) : mapWoo(keyed);
  }
  const out = rows
    .map((row) => Object.fromEntries(Object.entries(row).filter(([, v]) => v !== '')) as BulkRowInput)
    .filter((row) => !blank(row));
  return { format: chosen, rows: out };
}

// CSV ------------------------------------------------------------------------------------------------

/**
 * RFC 4180 CSV: fields split by commas, records by CRLF or LF, double quotes around a field that
 * holds commas, quotes ("" inside) or line breaks. A leading BOM is dropped, a trailing newline
 * ends the last record. Lenient where Excel is: a quote inside an unquoted field is kept as text.
 */
export function parseCsv(text: string, limits?: CsvLimits): string[][] {
  const input = text.replace(/^\uFEFF/, '');
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  let cells = 0;
  // Checked as the text is read, so a file of five million line breaks stops at the limit.
  const pushField = () => {
    record.push(field);
    if (!limits) return;
    if (record.length > limits.columns) throw new CsvTooLarge('tooBig');
    if (field !== '' && ++cells > limits.cells) throw new CsvTooLarge('tooMuchData');
  };
  const pushRecord = () => {
    records.push(record);
    if (limits && records.length > limits.rows) throw new CsvTooLarge('tooBig');
  };
  // Text is taken a run at a time (indexOf / a scan to the next separator, then one slice): a
  // field built a character at a time cost 0.34 s for one 4.9 MB cell.
  const n = input.length;
  const separator = /[,\r\n]/g;
  while (i < n) {
    if (quoted) {
      const q = input.indexOf('"', i);
      if (q === -1) {
        field += input.slice(i);
        break;
      }
      field += input.slice(i, q);
      if (input.charCodeAt(q + 1) === 34 /* " */) {
        field += '"';
        i = q + 2;
      } else {
        quoted = false;
        i = q + 1;
      }
      continue;
    }
    const ch = input.charCodeAt(i);
    if (ch === 34 /* " */ && field === '') {
      quoted = true;
      i++;
    } else if (ch === 44 /* , */) {
      pushField();
      field = '';
      i++;
    } else if (ch === 13 /* \r */ || ch === 10 /* \n */) {
      pushField();
      pushRecord();
      record = [];
      field = '';
      i += ch === 13 && input.charCodeAt(i + 1) === 10 ? 2 : 1;
    } else {
      separator.lastIndex = i + 1;
      const j = separator.exec(input)?.index ?? n;
      field += input.slice(i, j);
      i = j;
    }
  }
  if (field !== '' || record.length > 0) {
    pushField();
    pushRecord();
  }
  return records;
}

/** The most a CSV upload may hold: an .xlsx's limits (bulkSheetLimits), rows counting the header. */
export type CsvLimits = { rows: number; columns: number; cells: number };

/** Thrown by parseCsv when the text holds more than its limits allow. */
export class CsvTooLarge extends Error {
  constructor(readonly refusal: 'tooBig' | 'tooMuchData') {
    super(`CSV over its limits (${refusal})`);
    this.name = 'CsvTooLarge';
  }
}

/** RFC 4180 output (the web's "download errors" and tests): quotes only where needed. */
export function toCsv(table: readonly (readonly (string | number)[])[]): string {
  const quote = (v: string | number) => {
    const s = String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return `${table.map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`;
}

// API shapes ------------------------------------------------------------------------------------------

export const bulkPreviewJsonSchema = z.object({
  rows: z.array(bulkRowInputSchema).min(1, bulkMessages.noRows).max(maxBulkImportLimit),
  pickupLocationId: z.uuid().optional(),
});

export const bulkPreviewRowSchema = z.object({
  index: z.number().int(),
  input: bulkRowInputSchema,
  errors: z.array(bulkRowError),
  predictedArea: z
    .object({ areaId: z.string(), districtId: z.string().nullable(), confidence: z.number() })
    .optional(),
});
export type BulkPreviewRow = z.infer<typeof bulkPreviewRowSchema>;

export const bulkPreviewSchema = z.object({
  format: z.enum(bulkFormats),
  rows: z.array(bulkPreviewRowSchema),
  validCount: z.number().int(),
  errorCount: z.number().int(),
  limit: z.number().int(),
});

export const bulkConfirmSchema = z.object({
  pickupLocationId: z.uuid({ error: bulkMessages.pickupRequired }),
  sellingPriceAcknowledged: z.literal(true, { error: bulkMessages.acknowledgementRequired }),
  fileName: z.string().trim().max(255).optional(),
  rows: z.array(bulkRowInputSchema).min(1, bulkMessages.noRows).max(maxBulkImportLimit),
});
export type BulkConfirm = z.infer<typeof bulkConfirmSchema>;

export const bulkConfirmedSchema = z.object({
  logId: z.string(),
  created: z.number().int(),
  trackingIds: z.array(z.string()),
});
export type BulkConfirmed = z.infer<typeof bulkConfirmedSchema>;

export const bulkLogSchema = z.object({
  id: z.string(),
  fileName: z.string().nullable(),
  total: z.number().int(),
  created: z.number().int(),
  failed: z.number().int(),
  user: z.object({ id: z.string(), name: z.string().nullable() }),
  createdAt: z.date(),
});
export const bulkLogListSchema = listSchema(bulkLogSchema);
export const bulkLogQuerySchema = z.object(pageQuery(100, 20));
