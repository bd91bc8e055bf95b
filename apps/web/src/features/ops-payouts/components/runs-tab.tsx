import { DownloadOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { PayoutRunResult, payoutRunSchema } from '@dak/domain/money-api';
import { Alert, Button, DatePicker, Drawer, Grid, Skeleton, type TableColumnsType, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { OpsListTable } from '../../../components/list/ops-list';
import { useListParams } from '../../../components/list/use-list-params';
import { DateTime } from '../../../components/ops/date-time';
import { OpsLoadError } from '../../../components/ops/ops-error';
import { formatDate, formatNumber, formatTaka } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useOpsInvoices } from '../api/invoices';
import {
  downloadRunFile,
  type RunFile,
  usePayoutRun,
  usePayoutRuns,
  useRunPayouts,
} from '../api/payout-runs';
import { usePayoutsErrorText } from '../money-error';
import { InvoiceTable } from './invoice-table';
import { SkippedShops } from './skipped-shops';

type Run = z.infer<typeof payoutRunSchema>;
const pageSize = 20;

/** "Run payouts now" for today or a chosen date, and what the run did: invoices, total, skipped shops. */
function RunNow() {
  const { t } = useTranslation();
  const language = useLanguage();
  const errorText = usePayoutsErrorText();
  const run = useRunPayouts();
  const [date, setDate] = useState<Dayjs | null>(null);
  const [result, setResult] = useState<PayoutRunResult | null>(null);

  const start = async () => {
    setResult(null);
    try {
      setResult(await run.mutateAsync(date ? { date: date.format('YYYY-MM-DD') } : {}));
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  return (
    <div className="payouts-run-now">
      <div className="ops-toolbar">
        <div className="ops-toolbar__item">
          <label htmlFor="payout-run-date">{t('opsConsole.payouts.runs.date')}</label>
          <DatePicker
            id="payout-run-date"
            value={date}
            onChange={setDate}
            placeholder={t('opsConsole.payouts.runs.today')}
            format="YYYY-MM-DD"
          />
        </div>
        <Button
          type="primary"
          icon={<PlayCircleOutlined aria-hidden />}
          loading={run.isPending}
          onClick={() => void start()}
        >
          {t('opsConsole.payouts.runs.runNow')}
        </Button>
      </div>
      {result ? (
        <div className="payouts-result" role="status">
          <Alert
            type="success"
            showIcon
            title={t('opsConsole.payouts.runs.resultTitle')}
            description={t('opsConsole.payouts.runs.result', {
              invoices: formatNumber(result.invoiceCount, language),
              total: formatTaka(result.totalAmount, language),
            })}
          />
          <SkippedShops skipped={result.skipped} />
        </div>
      ) : null}
    </div>
  );
}

/** One run: the files to send the bank and bKash, the shops it skipped, its invoices. */
function RunDetail({ runId }: { runId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const errorText = usePayoutsErrorText();
  const run = usePayoutRun(runId);
  const [invoicePage, setInvoicePage] = useState(1);
  const invoices = useOpsInvoices({ runId, limit: pageSize, offset: (invoicePage - 1) * pageSize });
  const [downloading, setDownloading] = useState<RunFile | null>(null);

  if (run.isPending) return <Skeleton active />;
  if (run.isError) return <OpsLoadError error={run.error} onRetry={() => void run.refetch()} />;

  const download = async (file: RunFile) => {
    setDownloading(file);
    try {
      await downloadRunFile(runId, file, `payout-${run.data.date}-${file}.csv`);
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <div className="payouts-detail">
      <p>
        {t('opsConsole.payouts.runs.result', {
          invoices: formatNumber(run.data.invoiceCount, language),
          total: formatTaka(run.data.totalAmount, language),
        })}
      </p>
      <div className="ops-actions">
        {(['bank', 'bkash'] as const).map((file) => (
          <Button
            key={file}
            icon={<DownloadOutlined aria-hidden />}
            loading={downloading === file}
            onClick={() => void download(file)}
          >
            {t(`opsConsole.payouts.runs.${file}File`)}
          </Button>
        ))}
      </div>
      <SkippedShops skipped={run.data.skipped} />
      <h3 className="ops-section-title">{t('opsConsole.payouts.runs.invoicesTitle')}</h3>
      <InvoiceTable list={invoices} page={invoicePage} pageSize={pageSize} onPage={setInvoicePage} />
    </div>
  );
}

/** The runs tab: run now, the runs made (newest first), and one run opened beside them (in the address). */
export function RunsTab() {
  const { t } = useTranslation();
  const language = useLanguage();
  const screens = Grid.useBreakpoint();
  const { params, page, offset, update, setPage } = useListParams({ pageSize });
  const runs = usePayoutRuns({ limit: pageSize, offset });
  const openId = params.get('run');
  const open = runs.data?.items.find((r) => r.id === openId);

  const columns: TableColumnsType<Run> = [
    {
      key: 'date',
      title: t('opsConsole.payouts.runs.columns.date'),
      // The date opens the run: on a phone it is the one column besides the total.
      render: (_, r) => (
        <Button
          type="link"
          className="payouts-run-link"
          onClick={() => update({ run: r.id, page: params.get('page') })}
        >
          {formatDate(r.date, language)}
        </Button>
      ),
    },
    {
      key: 'status',
      title: t('opsConsole.payouts.runs.columns.status'),
      responsive: ['sm'],
      render: (_, r) => (
        <Tag color={r.status === 'done' ? 'green' : 'gold'}>
          {t(`opsConsole.payouts.runs.statuses.${r.status}`)}
        </Tag>
      ),
    },
    {
      key: 'invoices',
      title: t('opsConsole.payouts.runs.columns.invoices'),
      align: 'right',
      responsive: ['sm'],
      render: (_, r) => formatNumber(r.invoiceCount, language),
    },
    {
      key: 'total',
      title: t('opsConsole.payouts.runs.columns.total'),
      align: 'right',
      render: (_, r) => <span className="ops-nowrap">{formatTaka(r.totalAmount, language)}</span>,
    },
    {
      key: 'skipped',
      title: t('opsConsole.payouts.runs.columns.skipped'),
      align: 'right',
      responsive: ['md'],
      render: (_, r) => formatNumber(r.skippedCount, language),
    },
    {
      key: 'created',
      title: t('opsConsole.payouts.runs.columns.created'),
      responsive: ['lg'],
      render: (_, r) => <DateTime value={new Date(r.createdAt)} />,
    },
  ];

  return (
    <>
      <RunNow />
      <OpsListTable<Run>
        list={runs}
        columns={columns}
        page={page}
        pageSize={pageSize}
        onPage={setPage}
        emptyText={t('opsConsole.payouts.runs.empty')}
        totalText={(total) => t('opsConsole.payouts.runs.total', { n: formatNumber(total, language) })}
      />
      <Drawer
        open={openId !== null}
        onClose={() => update({ run: null, page: params.get('page') })}
        title={
          open
            ? t('opsConsole.payouts.runs.detailTitle', { date: formatDate(open.date, language) })
            : t('opsConsole.payouts.runs.detail')
        }
        size={screens.lg ? 880 : screens.md ? 640 : '100%'}
        closable={{ 'aria-label': t('opsConsole.payouts.close') }}
        destroyOnHidden
      >
        {openId ? <RunDetail runId={openId} /> : null}
      </Drawer>
    </>
  );
}
