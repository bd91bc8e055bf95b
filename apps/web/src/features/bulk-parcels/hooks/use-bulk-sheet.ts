import {
  type BulkField,
  type BulkFormat,
  type BulkRowError,
  bulkSheetRowStep,
  defaultBulkImportLimit,
} from '@dak/domain/bulk';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { previewFile } from '../api/bulk-parcels';
import { editCell, emptyRow, errorsOf, type GridRow, isBlank, rowFromPreview } from '../rows';

/** confirmKey: the sheet's Idempotency-Key, made when it is loaded, so a retried confirm books it once. */
export type Sheet = {
  fileName?: string;
  format: BulkFormat;
  rows: GridRow[];
  limit: number;
  confirmKey: string;
};

/**
 * The sheet being fixed: its rows (from a file or typed), edits, added rows, the page shown and
 * "only rows with errors" — the rows that had errors when it was turned on, so a fixed row stays put.
 */
export function useBulkSheet() {
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [errorKeys, setErrorKeys] = useState<Set<number> | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const nextKey = useRef(1);

  const start = (next: Omit<Sheet, 'rows' | 'confirmKey'>, rows: GridRow[]) => {
    nextKey.current = rows.length + 1;
    setSheet({ ...next, rows, confirmKey: crypto.randomUUID() });
    setPage(1);
    setErrorKeys(null);
  };
  const fromFile = (fileName: string, result: Awaited<ReturnType<typeof previewFile>>) =>
    start(
      { fileName, format: result.format, limit: result.limit },
      result.rows.map((row, i) => rowFromPreview(row, i + 1)),
    );
  const typed = () =>
    start(
      { format: 'dak', limit: sheet?.limit ?? defaultBulkImportLimit },
      Array.from({ length: bulkSheetRowStep }, (_, i) => emptyRow(i + 1)),
    );

  const onEdit = useCallback((key: number, field: BulkField, value: string) => {
    setSheet((s) =>
      s ? { ...s, rows: s.rows.map((r) => (r.key === key ? editCell(r, field, value) : r)) } : s,
    );
  }, []);
  const onRemove = useCallback((key: number) => {
    setSheet((s) => (s ? { ...s, rows: s.rows.filter((r) => r.key !== key) } : s));
  }, []);
  const addRows = () => {
    if (!sheet) return;
    const added = Array.from({ length: bulkSheetRowStep }, (_, i) => emptyRow(nextKey.current + i));
    nextKey.current += bulkSheetRowStep;
    const rows = [...sheet.rows, ...added];
    setSheet({ ...sheet, rows });
    setErrorKeys(null);
    // Show the page with the first new row.
    setPage(Math.floor((rows.length - bulkSheetRowStep) / pageSize) + 1);
  };

  const filled = useMemo(() => sheet?.rows.filter((r) => !isBlank(r)) ?? [], [sheet]);
  const badCount = useMemo(() => filled.filter((r) => errorsOf(r).length > 0).length, [filled]);
  const shown = useMemo(
    () => (errorKeys ? (sheet?.rows ?? []).filter((r) => errorKeys.has(r.key)) : (sheet?.rows ?? [])),
    [errorKeys, sheet],
  );
  const showErrors = (rows: GridRow[]) => {
    setErrorKeys(new Set(rows.filter((r) => errorsOf(r).length > 0).map((r) => r.key)));
    setPage(1);
  };
  const showAll = () => {
    setErrorKeys(null);
    setPage(1);
  };
  /** The server refused these rows (by grid key): mark them and show only them; edits made meanwhile stay. */
  const markRefused = (refused: Map<number, BulkRowError[]>) => {
    setSheet((s) =>
      s
        ? {
            ...s,
            rows: s.rows.map((r) =>
              refused.has(r.key) ? { ...r, serverErrors: refused.get(r.key) ?? [] } : r,
            ),
          }
        : s,
    );
    setErrorKeys(new Set(refused.keys()));
    setPage(1);
  };
  const onPage = (next: number, size: number) => {
    setPage(size === pageSize ? next : 1);
    setPageSize(size);
  };

  return {
    sheet,
    clear: () => setSheet(null),
    fromFile,
    typed,
    onEdit,
    onRemove,
    addRows,
    filled,
    badCount,
    shown,
    onlyErrors: errorKeys !== null,
    showErrors,
    showAll,
    markRefused,
    page,
    pageSize,
    onPage,
  };
}
