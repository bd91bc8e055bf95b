import { PrinterOutlined } from '@ant-design/icons';
import { type LabelFormat, labelFormats, maxLabelsPerRequest } from '@dak/domain/labels';
import { Button, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { isApiError } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/error-text';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { usePrintLabels } from '../api/print-labels';
import './label-print.css';

const formatKey = 'dak.labelFormat';

/** The paper last used on this browser: a merchant's printer rarely changes. */
function useLabelFormat() {
  const [format, setFormat] = useState<LabelFormat>(() => {
    try {
      const stored = window.localStorage.getItem(formatKey);
      return (labelFormats as readonly string[]).includes(stored ?? '') ? (stored as LabelFormat) : 'a4';
    } catch {
      return 'a4';
    }
  });
  const choose = (next: LabelFormat) => {
    setFormat(next);
    try {
      window.localStorage.setItem(formatKey, next);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  };
  return [format, choose] as const;
}

/** Hands the PDF to the browser as a download (a new tab after an await is often blocked). */
function download(file: { blob: Blob; filename: string }) {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

type LabelPrintProps = {
  shopId: string;
  parcelIds: string[];
  /** One parcel (detail page) or a selection (list). */
  single?: boolean;
  onPrinted?: () => void;
};

/** Paper choice and a Print button: downloads the labels PDF of the given parcels. */
export function LabelPrint({ shopId, parcelIds, single = false, onPrinted }: LabelPrintProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const [format, setFormat] = useLabelFormat();
  const print = usePrintLabels();
  const tooMany = parcelIds.length > maxLabelsPerRequest;

  const onPrint = () => {
    print.mutate(
      { shopId, parcelIds, format },
      {
        onSuccess: (file) => {
          download(file);
          toast.success(t('labels.ready', { file: file.filename }));
          onPrinted?.();
        },
        onError: (error) => {
          const deleted =
            isApiError(error) && error.code === 'CONFLICT'
              ? (error.details as { trackingIds?: string[] } | undefined)?.trackingIds
              : undefined;
          const text = deleted?.length
            ? t('labels.deleted', { ids: deleted.join(', ') })
            : isApiError(error) && error.code === 'NOT_FOUND'
              ? t('labels.notFound')
              : errorText(error);
          toast.error(text);
        },
      },
    );
  };

  return (
    <Space.Compact className="label-print">
      <Select<LabelFormat>
        value={format}
        onChange={setFormat}
        aria-label={t('labels.format')}
        className="label-print__format"
        popupMatchSelectWidth={false}
        options={labelFormats.map((value) => ({ value, label: t(`labels.formats.${value}`) }))}
      />
      <Button
        type={single ? 'default' : 'primary'}
        icon={<PrinterOutlined aria-hidden />}
        loading={print.isPending}
        disabled={parcelIds.length === 0 || tooMany}
        onClick={onPrint}
        data-testid="print-labels"
      >
        {single ? t('labels.printOne') : t('labels.print', { n: formatNumber(parcelIds.length, language) })}
      </Button>
    </Space.Compact>
  );
}
