import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Typography } from 'antd';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { rowErrorsOf, useUploadPayoutResults } from '../api/payout-results';
import { usePayoutsErrorText } from '../money-error';

/** A File's text; FileReader where the browser has no Blob.text(). */
function readText(file: File): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/**
 * The bank's result file: chosen, sent as it is (text/csv), and answered with how many invoices
 * were marked paid and bounced, or with the wrong rows, in which case nothing was applied.
 */
export function BankResultsTab() {
  const { t } = useTranslation();
  const language = useLanguage();
  const errorText = usePayoutsErrorText();
  const upload = useUploadPayoutResults();
  const [file, setFile] = useState<File | null>(null);
  const num = (n: number) => formatNumber(n, language);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    upload.reset();
    setFile(event.target.files?.[0] ?? null);
  };
  const send = async () => {
    if (!file) return;
    upload.mutate(await readText(file));
  };

  const rows = rowErrorsOf(upload.error);
  return (
    <div className="payouts-results">
      <Typography.Paragraph className="payouts-intro">
        {t('opsConsole.payouts.results.intro')}
      </Typography.Paragraph>
      <div className="ops-toolbar">
        <div className="ops-toolbar__item">
          <label htmlFor="payout-results-file">{t('opsConsole.payouts.results.choose')}</label>
          <input
            id="payout-results-file"
            type="file"
            accept=".csv,text/csv"
            onChange={choose}
            className="payouts-file"
          />
        </div>
        <Button
          type="primary"
          icon={<UploadOutlined aria-hidden />}
          disabled={!file}
          loading={upload.isPending}
          onClick={() => void send()}
        >
          {t('opsConsole.payouts.results.upload')}
        </Button>
      </div>
      {upload.isSuccess ? (
        <Alert
          type="success"
          showIcon
          role="status"
          title={t('opsConsole.payouts.results.applied', {
            paid: num(upload.data.paid),
            bounced: num(upload.data.bounced),
          })}
        />
      ) : null}
      {upload.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={rows.length > 0 ? t('opsConsole.payouts.results.rejected') : errorText(upload.error)}
          description={
            rows.length > 0 ? (
              <ul className="payouts-row-errors">
                {rows.map((r) => (
                  <li key={`${r.row}-${r.message}`}>
                    <strong>{t('opsConsole.payouts.results.row', { row: num(r.row) })}</strong> {r.message}
                  </li>
                ))}
              </ul>
            ) : undefined
          }
        />
      ) : null}
    </div>
  );
}
