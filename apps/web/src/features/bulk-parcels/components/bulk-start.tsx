import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { bulkFileMaxBytes, bulkMessages, defaultBulkImportLimit } from '@dak/domain/bulk';
import { Alert, Button, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../components/ui/page-card';
import { useErrorText } from '../../../lib/error-text';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { downloadTemplate, type previewFile, usePreviewFile } from '../api/bulk-parcels';

/** The first card: the template, typing rows by hand, or a file (.xlsx or .csv) the server reads. */
export function BulkStart({
  shopId,
  limit,
  onFile,
  onType,
}: {
  shopId: string;
  limit: number | undefined;
  onFile: (fileName: string, result: Awaited<ReturnType<typeof previewFile>>) => void;
  onType: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText, translateMessage } = useErrorText();
  const preview = usePreviewFile();
  const [fileError, setFileError] = useState<string | null>(null);
  const [templateError, setTemplateError] = useState<string | null>(null);

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
      { shopId, file },
      {
        onSuccess: (result) => onFile(file.name, result),
        onError: (error) => setFileError(errorText(error)),
      },
    );
  };

  return (
    <PageCard titleId="bulk-file-title" title={t('bulk.fileTitle')} className="bulk-start">
      <Typography.Paragraph type="secondary">
        {t('bulk.fileHint', { n: formatNumber(limit ?? defaultBulkImportLimit, language) })}
      </Typography.Paragraph>
      <div className="form-actions bulk-start__actions">
        <Button
          icon={<DownloadOutlined aria-hidden />}
          onClick={() => {
            setTemplateError(null);
            downloadTemplate(shopId).catch((error: unknown) => setTemplateError(errorText(error)));
          }}
        >
          {t('bulk.template')}
        </Button>
        <Button onClick={onType}>{t('bulk.typeRows')}</Button>
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
        <Alert type="error" showIcon title={fileError} data-testid="bulk-file-error" className="bulk-alert" />
      ) : null}
    </PageCard>
  );
}
