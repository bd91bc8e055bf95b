import { DownloadOutlined, InboxOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type BulkField,
  type BulkFormat,
  bulkFileMaxBytes,
  bulkMessages,
  bulkSheetRowStep,
  defaultBulkImportLimit,
} from '@dak/domain/bulk';
import {
  Alert,
  Button,
  Checkbox,
  Empty,
  Grid,
  Result,
  Select,
  Skeleton,
  Switch,
  Table,
  Typography,
  Upload,
} from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LinkButton } from '../../../components/ui/link-button';
import {
  bulkLogPageSize,
  downloadTemplate,
  rowErrorsOf,
  useBulkLogs,
  useConfirmBulk,
  usePreviewFile,
} from '../../../features/bulk-parcels/api/bulk-parcels';
import { BulkGrid } from '../../../features/bulk-parcels/components/bulk-grid';
import {
  editCell,
  emptyRow,
  errorsOf,
  type GridRow,
  inputOf,
  isBlank,
  rowFromPreview,
} from '../../../features/bulk-parcels/rows';
import { usePickupLocations } from '../../../features/pickup-locations/api/list-pickup-locations';
import { useErrorText } from '../../../lib/error-text';
import { formatDate, formatNumber, localizeDigits } from '../../../lib/format';
import { type Language, useLanguage } from '../../../lib/i18n';
import { RequireShop } from '../../require-shop';
import type { SelectedShop } from '../../shop-context';

/** confirmKey: the sheet's Idempotency-Key, made when it is loaded, so a retried confirm books it once. */
type Sheet = { fileName?: string; format: BulkFormat; rows: GridRow[]; limit: number; confirmKey: string };
type Booked = { created: number; trackingIds: string[] };

/** 22 November 2026, 14:05 (Bengali digits in Bengali). */
function whenOf(date: Date, language: Language): string {
  const time = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  return `${formatDate(date, language)}, ${localizeDigits(time, language)}`;
}

function UploadLog({ shopId }: { shopId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const [page, setPage] = useState(1);
  const logs = useBulkLogs(shopId, (page - 1) * bulkLogPageSize);
  return (
    <section className="page-card" aria-labelledby="bulk-log-title">
      <Typography.Title level={2} className="page-card__title" id="bulk-log-title">
        {t('bulk.log.title')}
      </Typography.Title>
      {logs.isPending ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {logs.isError ? <Alert type="error" showIcon title={errorText(logs.error)} /> : null}
      {logs.data && logs.data.count === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bulk.log.empty')} />
      ) : null}
      {logs.data && logs.data.count > 0 ? (
        <Table
          size="small"
          rowKey="id"
          className="bulk-log"
          dataSource={logs.data.items}
          scroll={{ x: 'max-content' }}
          onRow={() => ({ 'data-testid': 'bulk-log-row' }) as React.HTMLAttributes<HTMLElement>}
          pagination={{
            current: page,
            pageSize: bulkLogPageSize,
            total: logs.data.count,
            onChange: setPage,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
          columns={[
            {
              key: 'when',
              title: t('bulk.log.when'),
              render: (_, log) => whenOf(log.createdAt, language),
            },
            {
              key: 'file',
              title: t('bulk.log.file'),
              render: (_, log) => log.fileName ?? t('bulk.log.typed'),
            },
            { key: 'by', title: t('bulk.log.by'), render: (_, log) => log.user.name ?? '—' },
            {
              key: 'total',
              title: t('bulk.log.total'),
              align: 'right',
              render: (_, log) => formatNumber(log.total, language),
            },
            {
              key: 'created',
              title: t('bulk.log.created'),
              align: 'right',
              render: (_, log) => formatNumber(log.created, language),
            },
            {
              key: 'failed',
              title: t('bulk.log.failed'),
              align: 'right',
              render: (_, log) => formatNumber(log.failed, language),
            },
          ]}
        />
      ) : null}
    </section>
  );
}

function BookedResult({ booked, onAgain }: { booked: Booked; onAgain: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Result
      className="page-card"
      status="success"
      title={
        <span data-testid="bulk-created">
          {t('bulk.booked', { count: booked.created, n: formatNumber(booked.created, language) })}
        </span>
      }
      subTitle={t('bulk.bookedBody')}
      extra={[
        <LinkButton key="list" type="primary" to="/parcels">
          {t('bulk.toParcelList')}
        </LinkButton>,
        <Button key="again" onClick={onAgain}>
          {t('bulk.uploadAnother')}
        </Button>,
      ]}
    >
      <Typography.Title level={2} className="page-card__title">
        {t('bulk.trackingIds')}
      </Typography.Title>
      <ol className="bulk-tracking-ids">
        {booked.trackingIds.map((id) => (
          <li key={id}>
            <Link to={`/parcels?q=${encodeURIComponent(id)}`} data-testid="bulk-tracking-id">
              {id}
            </Link>
          </li>
        ))}
      </ol>
    </Result>
  );
}

function BulkUpload({ shop }: { shop: SelectedShop }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText, translateMessage } = useErrorText();
  const screens = Grid.useBreakpoint();
  const compact = !screens.md;
  const pickups = usePickupLocations(shop.id, { status: 'active' });
  const preview = usePreviewFile();
  const confirm = useConfirmBulk();

  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [templateError, setTemplateError] = useState<string | null>(null);
  /** "Only rows with errors": the rows that had errors when it was turned on, so a fixed row stays put. */
  const [errorKeys, setErrorKeys] = useState<Set<number> | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [pickupId, setPickupId] = useState<string | undefined>();
  const [acknowledged, setAcknowledged] = useState(false);
  const [tried, setTried] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [booked, setBooked] = useState<Booked | null>(null);
  const nextKey = useRef(1);
  const confirmCard = useRef<HTMLElement>(null);

  const activePickups = pickups.data?.items ?? [];
  const chosenPickup = pickupId;

  const start = (next: Omit<Sheet, 'rows' | 'confirmKey'>, rows: GridRow[]) => {
    setSheet({ ...next, rows, confirmKey: crypto.randomUUID() });
    setPage(1);
    setErrorKeys(null);
    setFormError(null);
    setTried(false);
  };

  const readFile = (file: File) => {
    setFileError(null);
    if (!/\.(xlsx|csv)$/i.test(file.name)) {
      setFileError(translateMessage(bulkMessages.fileType));
      return;
    }
    if (file.size > bulkFileMaxBytes) {
      setFileError(translateMessage(bulkMessages.fileTooLarge));
      return;
    }
    preview.mutate(
      { shopId: shop.id, file },
      {
        onSuccess: (result) => {
          const rows = result.rows.map((row, i) => rowFromPreview(row, i + 1));
          nextKey.current = rows.length + 1;
          start({ fileName: file.name, format: result.format, limit: result.limit }, rows);
        },
        onError: (error) => setFileError(errorText(error)),
      },
    );
  };

  const typeRows = () => {
    const rows = Array.from({ length: bulkSheetRowStep }, (_, i) => emptyRow(i + 1));
    nextKey.current = rows.length + 1;
    start({ format: 'dak', limit: sheet?.limit ?? defaultBulkImportLimit }, rows);
  };

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

  const pickupMessage = tried && !chosenPickup ? translateMessage(bulkMessages.pickupRequired) : null;
  const ackMessage = tried && !acknowledged ? translateMessage(bulkMessages.acknowledgementRequired) : null;

  const submit = () => {
    if (!sheet) return;
    setTried(true);
    setFormError(null);
    if (filled.length === 0) {
      setFormError(translateMessage(bulkMessages.noRows));
      return;
    }
    if (filled.length > sheet.limit) {
      setFormError(translateMessage(bulkMessages.tooManyRows(sheet.limit)));
      return;
    }
    if (badCount > 0) {
      setFormError(translateMessage(bulkMessages.invalidRows));
      showErrors(filled);
      return;
    }
    if (!chosenPickup || !acknowledged) {
      confirmCard.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    const sent = filled;
    confirm.mutate(
      {
        shopId: shop.id,
        pickupLocationId: chosenPickup,
        fileName: sheet.fileName,
        rows: sent.map(inputOf),
        idempotencyKey: sheet.confirmKey,
      },
      {
        onSuccess: (result) => {
          setBooked({ created: result.created, trackingIds: result.trackingIds });
          setSheet(null);
          window.scrollTo(0, 0);
        },
        onError: (error) => {
          const byIndex = rowErrorsOf(error);
          if (byIndex.size > 0) {
            // The refused rows by their grid key (the server counts the rows as they were sent);
            // cells edited while the request ran are kept.
            const keyOf = new Map(
              sent.flatMap((row, i) => (byIndex.has(i) ? [[row.key, byIndex.get(i) ?? []]] : [])),
            );
            setSheet((s) =>
              s
                ? {
                    ...s,
                    rows: s.rows.map((r) =>
                      keyOf.has(r.key) ? { ...r, serverErrors: keyOf.get(r.key) ?? [] } : r,
                    ),
                  }
                : s,
            );
            setErrorKeys(new Set(keyOf.keys()));
            setPage(1);
          }
          setFormError(errorText(error));
        },
      },
    );
  };

  const reset = () => {
    setBooked(null);
    setSheet(null);
    setAcknowledged(false);
    setTried(false);
    setFormError(null);
  };

  if (booked) {
    return (
      <>
        <BookedResult booked={booked} onAgain={reset} />
        <UploadLog shopId={shop.id} />
      </>
    );
  }

  return (
    <>
      <section className="page-card bulk-start" aria-labelledby="bulk-file-title">
        <Typography.Title level={2} className="page-card__title" id="bulk-file-title">
          {t('bulk.fileTitle')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          {t('bulk.fileHint', { n: formatNumber(sheet?.limit ?? defaultBulkImportLimit, language) })}
        </Typography.Paragraph>
        <div className="form-actions bulk-start__actions">
          <Button
            icon={<DownloadOutlined aria-hidden />}
            onClick={() => {
              setTemplateError(null);
              downloadTemplate(shop.id).catch((error: unknown) => setTemplateError(errorText(error)));
            }}
          >
            {t('bulk.template')}
          </Button>
          <Button onClick={typeRows}>{t('bulk.typeRows')}</Button>
        </div>
        {templateError ? <Alert type="error" showIcon title={templateError} /> : null}
        <Upload.Dragger
          className="bulk-drop"
          accept=".xlsx,.csv"
          multiple={false}
          showUploadList={false}
          disabled={preview.isPending}
          beforeUpload={(file) => {
            readFile(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden />
          </p>
          <p className="ant-upload-text">{preview.isPending ? t('bulk.reading') : t('bulk.drop')}</p>
          <p className="ant-upload-hint">{t('bulk.dropHint')}</p>
        </Upload.Dragger>
        {fileError ? (
          <Alert
            type="error"
            showIcon
            title={fileError}
            data-testid="bulk-file-error"
            className="bulk-alert"
          />
        ) : null}
      </section>

      {sheet ? (
        <>
          <section className="page-card bulk-sheet" aria-labelledby="bulk-sheet-title">
            <div className="bulk-sheet__head">
              <Typography.Title level={2} className="page-card__title" id="bulk-sheet-title">
                {sheet.fileName ?? t('bulk.typedSheet')}
              </Typography.Title>
              {sheet.format !== 'dak' ? (
                <Typography.Text type="secondary">{t(`bulk.formats.${sheet.format}`)}</Typography.Text>
              ) : null}
            </div>
            <p className="bulk-summary" aria-live="polite" data-testid="bulk-summary">
              {t('bulk.summary', {
                n: formatNumber(filled.length, language),
                ok: formatNumber(filled.length - badCount, language),
                bad: formatNumber(badCount, language),
              })}
            </p>
            <div className="bulk-toolbar">
              <Button icon={<PlusOutlined aria-hidden />} onClick={addRows}>
                {t('bulk.addRows', { n: formatNumber(bulkSheetRowStep, language) })}
              </Button>
              <label className="bulk-toolbar__filter" htmlFor="bulk-only-errors">
                <Switch
                  id="bulk-only-errors"
                  size="small"
                  checked={errorKeys !== null}
                  onChange={(on) => {
                    if (on) showErrors(sheet.rows);
                    else {
                      setErrorKeys(null);
                      setPage(1);
                    }
                  }}
                />
                <span>{t('bulk.onlyErrors')}</span>
              </label>
            </div>
            {shown.length === 0 ? (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={errorKeys ? t('bulk.noErrors') : t('bulk.noRows')}
              />
            ) : (
              <BulkGrid
                rows={shown}
                page={page}
                pageSize={pageSize}
                onPage={(next, size) => {
                  setPage(size === pageSize ? next : 1);
                  setPageSize(size);
                }}
                onEdit={onEdit}
                onRemove={onRemove}
                compact={compact}
              />
            )}
          </section>

          <section className="page-card bulk-confirm" aria-labelledby="bulk-confirm-title" ref={confirmCard}>
            <Typography.Title level={2} className="page-card__title" id="bulk-confirm-title">
              {t('bulk.confirmTitle')}
            </Typography.Title>
            <div className="bulk-confirm__field">
              <label htmlFor="bulk-pickup" className="bulk-confirm__label">
                {t('parcels.fields.pickupLocation')}
              </label>
              <Select
                id="bulk-pickup"
                className="bulk-confirm__pickup"
                value={chosenPickup}
                onChange={setPickupId}
                loading={pickups.isPending}
                placeholder={t('parcels.form.pickupPlaceholder')}
                status={pickupMessage ? 'error' : undefined}
                aria-describedby={pickupMessage ? 'bulk-pickup-error' : undefined}
                options={activePickups.map((p) => ({ value: p.id, label: p.name }))}
                notFoundContent={
                  <Link to={`/shops/${shop.id}/pickup-locations`}>{t('parcels.form.noPickupAction')}</Link>
                }
              />
              {pickupMessage ? (
                <div id="bulk-pickup-error" className="bulk-cell__error" role="alert">
                  {pickupMessage}
                </div>
              ) : null}
            </div>
            <div className="bulk-confirm__field">
              <Checkbox
                checked={acknowledged}
                onChange={(event) => setAcknowledged(event.target.checked)}
                aria-describedby={ackMessage ? 'bulk-ack-error' : undefined}
              >
                {t('bulk.acknowledge')}
              </Checkbox>
              {ackMessage ? (
                <div id="bulk-ack-error" className="bulk-cell__error" role="alert">
                  {ackMessage}
                </div>
              ) : null}
            </div>
            {formError ? (
              <Alert
                type="error"
                showIcon
                title={formError}
                className="bulk-alert"
                data-testid="bulk-form-error"
              />
            ) : null}
          </section>

          <div className="bulk-footer">
            <span className="bulk-footer__count">
              {t('bulk.footer', {
                count: filled.length,
                n: formatNumber(filled.length, language),
                bad: formatNumber(badCount, language),
              })}
            </span>
            <Button type="primary" onClick={submit} loading={confirm.isPending} data-testid="bulk-confirm">
              {t('bulk.confirm', { count: filled.length, n: formatNumber(filled.length, language) })}
            </Button>
          </div>
        </>
      ) : null}

      <UploadLog shopId={shop.id} />
    </>
  );
}

/** Bulk upload: a sheet of parcels read, checked row by row, fixed in place and booked at once. */
export function BulkUploadPage() {
  const { t } = useTranslation();
  return (
    <div className="page page--wide bulk-page">
      <div className="page__head">
        <Typography.Title level={1} className="page__title">
          {t('bulk.title')}
        </Typography.Title>
        <LinkButton to="/parcels">{t('parcels.title')}</LinkButton>
      </div>
      <RequireShop permission="parcel.create">
        {(shop) => <BulkUpload key={shop.id} shop={shop} />}
      </RequireShop>
    </div>
  );
}
