import {
  type BulkField,
  type BulkPreviewRow,
  type BulkRowError,
  type BulkRowInput,
  bulkFields,
  bulkMessages,
  bulkRowErrorOf,
} from '@dak/domain/bulk';
import { parcelCreateSchema } from '@dak/domain/parcel';
import { toLatinDigits } from '../../lib/format';

/** A row of the sheet on screen: its cells as text, the server's last word on it and the browser's. */
export type GridRow = {
  /** Stable across edits and removals: the row number the merchant sees (the file's order). */
  key: number;
  cells: Record<BulkField, string>;
  /** From the last preview or refused confirm; a field's error goes once that cell is edited. */
  serverErrors: BulkRowError[];
  /** From the booking schema in the browser, redone on every edit of the row. */
  clientErrors: BulkRowError[];
  predictedArea?: BulkPreviewRow['predictedArea'];
};

/** Fields typed as digits: Bengali digits become Latin ones as they are typed. */
const digitFields = new Set<BulkField>([
  'customerPhone',
  'alternatePhone',
  'weightGrams',
  'sellingPrice',
  'cashCollectionAmount',
]);

/** Stands in for the pickup location, chosen once for the upload (the server does the same). */
const placeholderPickup = '00000000-0000-4000-8000-000000000000';

const emptyCells = () => Object.fromEntries(bulkFields.map((f) => [f, ''])) as Record<BulkField, string>;

export const isBlank = (row: GridRow) => bulkFields.every((f) => row.cells[f].trim() === '');

/**
 * The server's row check, in the browser: the same booking schema on the same candidate (weight
 * read as a number, the predicted area where the cell is empty). Checks that need the database
 * (area coverage, the charge, the pickup location) stay with the server.
 */
export function checkCells(cells: Record<BulkField, string>, predictedAreaId?: string): BulkRowError[] {
  const candidate: Record<string, unknown> = { pickupLocationId: placeholderPickup };
  for (const field of bulkFields) {
    const value = cells[field];
    if (value.trim() !== '') candidate[field] = value;
  }
  const weight = cells.weightGrams.trim();
  if (/^\d+(\.\d+)?$/.test(weight)) candidate.weightGrams = Number(weight);
  const hasArea = cells.deliveryAreaId.trim() !== '';
  if (!hasArea && predictedAreaId) candidate.deliveryAreaId = predictedAreaId;
  const parsed = parcelCreateSchema.safeParse(candidate);
  if (parsed.success) return [];
  const errors: BulkRowError[] = [];
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'row');
    if (field === 'pickupLocationId') continue;
    const message = field === 'deliveryAreaId' && !hasArea ? bulkMessages.areaRequired : issue.message;
    if (!errors.some((e) => e.field === field)) errors.push(bulkRowErrorOf(field, message));
  }
  return errors;
}

export function rowFromPreview(preview: BulkPreviewRow, key: number): GridRow {
  const cells = emptyCells();
  for (const field of bulkFields) {
    const value = preview.input[field];
    if (value !== undefined && value !== null) cells[field] = String(value);
  }
  const row: GridRow = { key, cells, serverErrors: preview.errors, clientErrors: [] };
  if (preview.predictedArea) row.predictedArea = preview.predictedArea;
  row.clientErrors = checkCells(cells, row.predictedArea?.areaId);
  return row;
}

export function emptyRow(key: number): GridRow {
  return { key, cells: emptyCells(), serverErrors: [], clientErrors: [] };
}

/** A cell edited: its server error goes (and a whole-row one), the browser checks the row again. */
export function editCell(row: GridRow, field: BulkField, raw: string): GridRow {
  const value = digitFields.has(field) ? toLatinDigits(raw) : raw;
  const cells = { ...row.cells, [field]: value };
  const next: GridRow = {
    ...row,
    cells,
    serverErrors: row.serverErrors.filter((e) => e.field !== field && e.field !== 'row'),
  };
  next.clientErrors = bulkFields.every((f) => cells[f].trim() === '')
    ? []
    : checkCells(cells, row.predictedArea?.areaId);
  return next;
}

/** What the row shows: the browser's errors, then the server's for fields the browser found fine. */
export function errorsOf(row: GridRow): BulkRowError[] {
  if (isBlank(row)) return [];
  const fields = new Set(row.clientErrors.map((e) => e.field));
  return [...row.clientErrors, ...row.serverErrors.filter((e) => !fields.has(e.field))];
}

/** The row as confirm sends it: empty cells left out. */
export function inputOf(row: GridRow): BulkRowInput {
  const input: BulkRowInput = {};
  for (const field of bulkFields) {
    const value = row.cells[field].trim();
    if (value !== '') input[field] = value;
  }
  return input;
}
