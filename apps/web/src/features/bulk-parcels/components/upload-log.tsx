import { Alert, Empty, Skeleton, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../components/ui/page-card';
import { useErrorText } from '../../../lib/error-text';
import { formatDate, formatNumber, localizeDigits } from '../../../lib/format';
import { type Language, useLanguage } from '../../../lib/i18n';
import { bulkLogPageSize, useBulkLogs } from '../api/bulk-parcels';

/** 22 November 2026, 14:05 (Bengali digits in Bengali). */
function whenOf(date: Date, language: Language): string {
  const time = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  return `${formatDate(date, language)}, ${localizeDigits(time, language)}`;
}

/** The shop's past uploads: when, which file, by whom, how many rows booked and refused. */
export function UploadLog({ shopId }: { shopId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const [page, setPage] = useState(1);
  const logs = useBulkLogs(shopId, (page - 1) * bulkLogPageSize);
  const count = (key: 'total' | 'created' | 'failed') => ({
    key,
    title: t(`bulk.log.${key}`),
    align: 'right' as const,
    render: (_: unknown, log: Record<typeof key, number>) => formatNumber(log[key], language),
  });
  return (
    <PageCard titleId="bulk-log-title" title={t('bulk.log.title')}>
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
            { key: 'when', title: t('bulk.log.when'), render: (_, log) => whenOf(log.createdAt, language) },
            {
              key: 'file',
              title: t('bulk.log.file'),
              render: (_, log) => log.fileName ?? t('bulk.log.typed'),
            },
            { key: 'by', title: t('bulk.log.by'), render: (_, log) => log.user.name ?? '—' },
            count('total'),
            count('created'),
            count('failed'),
          ]}
        />
      ) : null}
    </PageCard>
  );
}
