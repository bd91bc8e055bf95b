import { DeleteOutlined } from '@ant-design/icons';
import type { BulkField, BulkRowError } from '@dak/domain/bulk';
import { Button, Input, Pagination, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { memo, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage as translate } from '../../../lib/error-text';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { errorsOf, type GridRow } from '../rows';
import './bulk.css';

/** The grid's columns in the order a merchant fills them, with their widths in pixels. */
export const gridColumns: readonly { field: BulkField; width: number }[] = [
  { field: 'invoiceId', width: 130 },
  { field: 'customerName', width: 170 },
  { field: 'customerPhone', width: 150 },
  { field: 'customerAddress', width: 260 },
  { field: 'deliveryAreaId', width: 210 },
  { field: 'weightGrams', width: 110 },
  { field: 'sellingPrice', width: 120 },
  { field: 'cashCollectionAmount', width: 120 },
  { field: 'alternatePhone', width: 150 },
  { field: 'categoryId', width: 130 },
  { field: 'instructions', width: 200 },
];

const numericFields = new Set<BulkField>(['weightGrams', 'sellingPrice', 'cashCollectionAmount']);

type CellProps = {
  row: GridRow;
  field: BulkField;
  label: string;
  message?: string;
  onEdit: (key: number, field: BulkField, value: string) => void;
};

/** One editable cell with its error under it (the server's or the browser's message). */
const Cell = memo(function Cell({ row, field, label, message, onEdit }: CellProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const errorId = `bulk-${row.key}-${field}-error`;
  const predicted =
    field === 'deliveryAreaId' && row.cells.deliveryAreaId === '' ? row.predictedArea : undefined;
  return (
    <div className="bulk-cell">
      <Input
        size="small"
        value={row.cells[field]}
        onChange={(event) => onEdit(row.key, field, event.target.value)}
        status={message ? 'error' : undefined}
        aria-label={t('bulk.cellLabel', { field: label, n: formatNumber(row.key, language) })}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        inputMode={numericFields.has(field) || field.endsWith('Phone') ? 'numeric' : undefined}
        placeholder={predicted ? predicted.areaId : undefined}
      />
      {predicted ? (
        <Tooltip title={t('bulk.predictedHint')}>
          <Tag color="blue" className="bulk-cell__predicted" data-testid="bulk-predicted">
            {t('bulk.predicted', { area: predicted.areaId })}
          </Tag>
        </Tooltip>
      ) : null}
      {message ? (
        <div id={errorId} className="bulk-cell__error" role="alert" data-testid="bulk-cell-error">
          {message}
        </div>
      ) : null}
    </div>
  );
});

type BulkGridProps = {
  rows: GridRow[];
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  onEdit: (key: number, field: BulkField, value: string) => void;
  onRemove: (key: number) => void;
  compact: boolean;
};

/**
 * The sheet as a paginated table (a page of rows is rendered at a time, so thousands stay quick):
 * every cell editable, its error under it, and a remove button per row. Scrolls sideways on a phone.
 */
export function BulkGrid({ rows, page, pageSize, onPage, onEdit, onRemove, compact }: BulkGridProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  // English shows the server's (and the schema's) message as it is, the spec's words; Bengali a
  // translation by the message's key (the server's, or the domain's for the browser's own check).
  const translateMessage = useCallback(
    ({ message, key, params }: BulkRowError) =>
      language === 'en' ? message : translate(message, t, key ? { key, params } : undefined),
    [t, language],
  );

  const columns = useMemo<TableColumnsType<GridRow>>(
    () => [
      {
        key: 'row',
        title: t('bulk.row'),
        width: compact ? 64 : 76,
        fixed: compact ? undefined : 'left',
        render: (_, row) => {
          const errors = errorsOf(row);
          const rowError = errors.find((e) => !gridColumns.some((c) => c.field === e.field));
          return (
            <div className="bulk-row-head">
              <span
                className={errors.length > 0 ? 'bulk-row-head__n bulk-row-head__n--bad' : 'bulk-row-head__n'}
              >
                {formatNumber(row.key, language)}
              </span>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('bulk.removeRow', { n: formatNumber(row.key, language) })}
                onClick={() => onRemove(row.key)}
              />
              {rowError ? (
                <div className="bulk-cell__error" role="alert" data-testid="bulk-cell-error">
                  {translateMessage(rowError)}
                </div>
              ) : null}
            </div>
          );
        },
      },
      ...gridColumns.map(({ field, width }) => ({
        key: field,
        title: t(`bulk.columns.${field}`),
        width,
        render: (_: unknown, row: GridRow) => {
          const error = errorsOf(row).find((e) => e.field === field);
          return (
            <Cell
              row={row}
              field={field}
              label={t(`bulk.columns.${field}`)}
              message={error ? translateMessage(error) : undefined}
              onEdit={onEdit}
            />
          );
        },
      })),
    ],
    [t, language, compact, onEdit, onRemove, translateMessage],
  );

  // Only the page on screen goes to the table: antd walks its whole data source on every render,
  // which made typing slow with a thousand rows.
  const from = (page - 1) * pageSize;
  const visible = useMemo(() => rows.slice(from, from + pageSize), [rows, from, pageSize]);

  return (
    <>
      <Table<GridRow>
        className="bulk-grid"
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={visible}
        scroll={{ x: 'max-content' }}
        rowClassName={(row) => (errorsOf(row).length > 0 ? 'bulk-grid__row--bad' : '')}
        onRow={(row) =>
          ({ 'data-testid': 'bulk-row', 'data-row': row.key }) as React.HTMLAttributes<HTMLElement>
        }
        pagination={false}
      />
      <Pagination
        className="bulk-grid__pagination"
        current={page}
        pageSize={pageSize}
        total={rows.length}
        showSizeChanger
        pageSizeOptions={[25, 50, 100]}
        simple={compact}
        onChange={onPage}
        showTotal={
          compact
            ? undefined
            : (total, [first, last]) =>
                t('bulk.pageRange', {
                  from: formatNumber(first, language),
                  to: formatNumber(last, language),
                  total: formatNumber(total, language),
                })
        }
      />
    </>
  );
}
