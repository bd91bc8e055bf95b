import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import type { ParcelExportFiltersInput } from '@dak/domain/parcel-list';
import { Alert, Button, Modal, Progress, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { downloadParcelExport, useCreateParcelExport, useParcelExport } from '../api/parcel-exports';
import { formatParcelCount } from '../parcel-count';
import './parcels.css';

const storageKey = (shopId: string) => `dak.parcelExport.${shopId}`;

function storedExportId(shopId: string): string | undefined {
  try {
    return window.localStorage.getItem(storageKey(shopId)) ?? undefined;
  } catch {
    return undefined;
  }
}

function storeExportId(shopId: string, id: string | undefined) {
  try {
    if (id) window.localStorage.setItem(storageKey(shopId), id);
    else window.localStorage.removeItem(storageKey(shopId));
  } catch {
    // Private mode: the export still works, it is just not remembered across reloads.
  }
}

/**
 * Export the list with its current filters (spec 4 "Export parcel history": a warning modal first).
 * The server builds parcels_{date}.xlsx in the background; the modal shows rows written, then a
 * download button. The last export is remembered per shop across reloads (spec 4, persisted
 * exportParcelHistory state), so closing the modal or the page does not lose it.
 */
export function ExportParcels({
  shopId,
  filters,
  count,
  countCapped = false,
  initiallyOpen = false,
}: {
  shopId: string;
  filters: ParcelExportFiltersInput;
  /** Parcels that match the filters now, as the list shows. */
  count: number | undefined;
  /** The list's count stopped at its cap: the file holds more (said as 10,000+). */
  countCapped?: boolean;
  /** Open at once: the list shows a light button and loads this (antd) on its first press. */
  initiallyOpen?: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const [open, setOpen] = useState(initiallyOpen);
  const [exportId, setExportId] = useState(() => storedExportId(shopId));
  const create = useCreateParcelExport(shopId);
  const current = useParcelExport(shopId, exportId);
  const [downloadError, setDownloadError] = useState<string>();
  const [downloading, setDownloading] = useState(false);

  const data = current.data;
  // A remembered export that expired or was never found: start afresh.
  const gone = current.isError;
  const showing = exportId && !gone ? data : undefined;
  const n = (value: number) => formatNumber(value, language);

  const start = () => {
    create.mutate(filters, {
      onSuccess: (created) => {
        setExportId(created.id);
        storeExportId(shopId, created.id);
      },
    });
  };
  const reset = () => {
    setExportId(undefined);
    storeExportId(shopId, undefined);
    setDownloadError(undefined);
  };
  const download = async () => {
    if (!data) return;
    setDownloading(true);
    setDownloadError(undefined);
    try {
      await downloadParcelExport(shopId, data.id, data.fileName);
    } catch (error) {
      setDownloadError(errorText(error));
    } finally {
      setDownloading(false);
    }
  };

  const close = () => {
    setOpen(false);
    // A finished or failed export is done with once the modal closes; a running one is kept.
    if (showing && (showing.status === 'failed' || gone)) reset();
  };

  /** A footer's main action: its key, text and test id all follow `name`. */
  const primaryButton = (
    name: 'start' | 'download',
    onClick: () => void,
    icon: React.ReactNode,
    loading: boolean,
  ) => (
    <Button
      key={name}
      type="primary"
      icon={icon}
      loading={loading}
      onClick={onClick}
      data-testid={`export-${name}`}
    >
      {t(`parcels.export.${name}`)}
    </Button>
  );

  let footer: React.ReactNode;
  let body: React.ReactNode;
  if (!exportId || gone) {
    body = (
      <>
        <Alert
          type="warning"
          showIcon
          title={t('parcels.export.warning', { n: formatParcelCount(count ?? 0, countCapped, language) })}
        />
        <Typography.Paragraph type="secondary" className="export-modal__note">
          {t('parcels.export.keptFor')}
        </Typography.Paragraph>
        {create.isError ? <Alert type="error" showIcon title={errorText(create.error)} /> : null}
      </>
    );
    footer = [
      <Button key="cancel" onClick={close}>
        {t('actions.cancel')}
      </Button>,
      primaryButton('start', start, <FileExcelOutlined aria-hidden />, create.isPending),
    ];
  } else if (!showing || showing.status === 'queued' || showing.status === 'running') {
    body = (
      <div className="export-modal__progress" aria-live="polite" data-testid="export-progress">
        <Typography.Text strong>{t('parcels.export.building')}</Typography.Text>
        <Progress percent={showing?.progress ?? 0} status="active" format={(p) => `${n(p ?? 0)}%`} />
        <Typography.Text type="secondary">
          {showing?.rowCount !== null && showing?.rowCount !== undefined
            ? t('parcels.export.progress', { done: n(showing.rowsDone), total: n(showing.rowCount) })
            : t('parcels.export.queued')}
        </Typography.Text>
      </div>
    );
    footer = [
      <Button key="close" onClick={close}>
        {t('actions.close')}
      </Button>,
    ];
  } else if (showing.status === 'ready') {
    body = (
      <div className="export-modal__progress" aria-live="polite" data-testid="export-ready">
        <Progress percent={100} format={(p) => `${n(p ?? 0)}%`} />
        <Alert
          type="success"
          showIcon
          title={t('parcels.export.ready', { count: showing.rowCount ?? 0, n: n(showing.rowCount ?? 0) })}
        />
        <Typography.Paragraph className="export-modal__note">
          {t('parcels.export.fileName', { file: showing.fileName })}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" className="export-modal__note">
          {t('parcels.export.keptFor')}
        </Typography.Paragraph>
        {downloadError ? <Alert type="error" showIcon title={downloadError} /> : null}
      </div>
    );
    footer = [
      <Button key="again" onClick={reset}>
        {t('parcels.export.again')}
      </Button>,
      primaryButton('download', download, <DownloadOutlined aria-hidden />, downloading),
    ];
  } else {
    body = <Alert type="error" showIcon title={t('parcels.export.failed')} />;
    footer = [
      <Button key="again" type="primary" onClick={reset}>
        {t('parcels.export.again')}
      </Button>,
    ];
  }

  return (
    <>
      <Button
        icon={<FileExcelOutlined aria-hidden />}
        onClick={() => setOpen(true)}
        data-testid="export-open"
      >
        {t('parcels.export.button')}
      </Button>
      <Modal open={open} title={t('parcels.export.title')} onCancel={close} footer={footer} destroyOnHidden>
        <div className="export-modal">{body}</div>
      </Modal>
    </>
  );
}
