import { PlusOutlined } from '@ant-design/icons';
import { bulkMessages, bulkSheetRowStep } from '@dak/domain/bulk';
import { Button, Empty, Grid, Switch, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { rowErrorsOf, useConfirmBulk } from '../api/bulk-parcels';
import { useBulkSheet } from '../hooks/use-bulk-sheet';
import { inputOf } from '../rows';
import { type Booked, BookedResult } from './booked-result';
import { BulkConfirm } from './bulk-confirm';
import { BulkGrid } from './bulk-grid';
import { BulkStart } from './bulk-start';
import { UploadLog } from './upload-log';

/**
 * Bulk upload: a sheet of parcels read, checked row by row, fixed in place and booked at once.
 * `pickups` are the shop's active pickup locations (the pickup-locations feature's, from the page).
 */
export function BulkUpload({
  shopId,
  pickups,
}: {
  shopId: string;
  pickups: { items: { id: string; name: string }[]; loading: boolean };
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText, translateMessage } = useErrorText();
  const compact = !Grid.useBreakpoint().md;
  const confirm = useConfirmBulk();
  const grid = useBulkSheet();
  const { sheet, filled, badCount } = grid;
  const [pickupId, setPickupId] = useState<string | undefined>();
  const [acknowledged, setAcknowledged] = useState(false);
  const [tried, setTried] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [booked, setBooked] = useState<Booked | null>(null);
  const confirmCard = useRef<HTMLElement>(null);

  const fresh = () => {
    setFormError(null);
    setTried(false);
  };
  const pickupMessage = tried && !pickupId ? translateMessage(bulkMessages.pickupRequired) : null;
  const ackMessage = tried && !acknowledged ? translateMessage(bulkMessages.acknowledgementRequired) : null;

  const submit = () => {
    if (!sheet) return;
    setTried(true);
    setFormError(null);
    if (filled.length === 0) return setFormError(translateMessage(bulkMessages.noRows));
    if (filled.length > sheet.limit)
      return setFormError(translateMessage(bulkMessages.tooManyRows(sheet.limit)));
    if (badCount > 0) {
      setFormError(translateMessage(bulkMessages.invalidRows));
      grid.showErrors(filled);
      return;
    }
    if (!pickupId || !acknowledged) {
      confirmCard.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    const sent = filled;
    confirm.mutate(
      {
        shopId,
        pickupLocationId: pickupId,
        fileName: sheet.fileName,
        rows: sent.map(inputOf),
        idempotencyKey: sheet.confirmKey,
      },
      {
        onSuccess: (result) => {
          setBooked({ created: result.created, trackingIds: result.trackingIds });
          grid.clear();
          window.scrollTo(0, 0);
        },
        onError: (error) => {
          const byIndex = rowErrorsOf(error);
          // The refused rows by their grid key (the server counts the rows as they were sent).
          if (byIndex.size > 0) {
            grid.markRefused(
              new Map(sent.flatMap((row, i) => (byIndex.has(i) ? [[row.key, byIndex.get(i) ?? []]] : []))),
            );
          }
          setFormError(errorText(error));
        },
      },
    );
  };

  const reset = () => {
    setBooked(null);
    grid.clear();
    setAcknowledged(false);
    fresh();
  };

  if (booked) {
    return (
      <>
        <BookedResult booked={booked} onAgain={reset} />
        <UploadLog shopId={shopId} />
      </>
    );
  }

  return (
    <>
      <BulkStart
        shopId={shopId}
        limit={sheet?.limit}
        onFile={(name, result) => {
          grid.fromFile(name, result);
          fresh();
        }}
        onType={() => {
          grid.typed();
          fresh();
        }}
      />
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
              <Button icon={<PlusOutlined aria-hidden />} onClick={grid.addRows}>
                {t('bulk.addRows', { n: formatNumber(bulkSheetRowStep, language) })}
              </Button>
              <label className="bulk-toolbar__filter" htmlFor="bulk-only-errors">
                <Switch
                  id="bulk-only-errors"
                  size="small"
                  checked={grid.onlyErrors}
                  onChange={(on) => (on ? grid.showErrors(sheet.rows) : grid.showAll())}
                />
                <span>{t('bulk.onlyErrors')}</span>
              </label>
            </div>
            {grid.shown.length === 0 ? (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={grid.onlyErrors ? t('bulk.noErrors') : t('bulk.noRows')}
              />
            ) : (
              <BulkGrid
                rows={grid.shown}
                page={grid.page}
                pageSize={grid.pageSize}
                onPage={grid.onPage}
                onEdit={grid.onEdit}
                onRemove={grid.onRemove}
                compact={compact}
              />
            )}
          </section>
          <BulkConfirm
            shopId={shopId}
            pickups={pickups}
            pickupId={pickupId}
            onPickup={setPickupId}
            pickupMessage={pickupMessage}
            acknowledged={acknowledged}
            onAcknowledge={setAcknowledged}
            ackMessage={ackMessage}
            formError={formError}
            cardRef={confirmCard}
          />
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
      <UploadLog shopId={shopId} />
    </>
  );
}
