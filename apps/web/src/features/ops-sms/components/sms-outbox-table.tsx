import { otpPurposes } from '@dak/domain/otp';
import { formatPhoneLocal } from '@dak/domain/phone';
import { Grid, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/ops/date-time';
import { type PagedListProps, PagedTable } from '../../../components/ui/paged-table';
import type { SmsOutboxItem, SmsOutboxList } from '../api/list-sms-outbox';
import './sms-outbox.css';

const statusColors: Record<SmsOutboxItem['status'], string> = {
  recorded: 'blue',
  sent: 'green',
  failed: 'red',
  sending: 'gold',
  unconfirmed: 'orange',
};

/** Messages newest first: when, to whom, why, how it went, through which provider, and the text. */
export function SmsOutboxTable(list: PagedListProps<SmsOutboxList>) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();

  const purposeLabel = (purpose: string) => {
    const otp = otpPurposes.find((p) => `otp:${p}` === purpose);
    return otp ? t(`opsConsole.sms.purposes.${otp}`) : purpose;
  };

  const statusTag = (sms: SmsOutboxItem) => (
    <Tag color={statusColors[sms.status]}>{t(`opsConsole.sms.statuses.${sms.status}`)}</Tag>
  );

  // Below 768 px one column tells the whole message, so nothing needs opening.
  const compactColumns: TableColumnsType<SmsOutboxItem> = [
    {
      key: 'sms',
      title: t('opsConsole.sms.columns.body'),
      render: (_, sms) => (
        <div className="sms-compact">
          <div className="sms-compact__head">
            <span className="phone-number">{formatPhoneLocal(sms.to)}</span>
            {statusTag(sms)}
          </div>
          <span className="ops-secondary">
            <DateTime value={sms.createdAt} /> · {purposeLabel(sms.purpose)}
          </span>
          <p className="ops-wrap sms-compact__body">{sms.body}</p>
          {sms.error ? <span className="ops-secondary ops-wrap">{sms.error}</span> : null}
        </div>
      ),
    },
  ];

  const columns: TableColumnsType<SmsOutboxItem> = [
    {
      key: 'time',
      title: t('opsConsole.sms.columns.time'),
      width: 150,
      render: (_, sms) => <DateTime value={sms.createdAt} />,
    },
    {
      key: 'to',
      title: t('opsConsole.sms.columns.to'),
      width: 130,
      render: (_, sms) => <span className="phone-number">{formatPhoneLocal(sms.to)}</span>,
    },
    {
      key: 'purpose',
      title: t('opsConsole.sms.columns.purpose'),
      render: (_, sms) => <span title={sms.purpose}>{purposeLabel(sms.purpose)}</span>,
    },
    {
      key: 'status',
      title: t('opsConsole.sms.columns.status'),
      render: (_, sms) => (
        <>
          {statusTag(sms)}
          {sms.error ? <span className="ops-secondary ops-wrap">{sms.error}</span> : null}
        </>
      ),
    },
    {
      key: 'provider',
      title: t('opsConsole.sms.columns.provider'),
      responsive: ['lg'],
      render: (_, sms) => <span className="ops-mono">{sms.provider}</span>,
    },
    {
      key: 'body',
      title: t('opsConsole.sms.columns.body'),
      render: (_, sms) => <span className="ops-wrap">{sms.body}</span>,
    },
  ];

  return (
    <PagedTable<SmsOutboxItem>
      {...list}
      emptyText={t('opsConsole.sms.empty')}
      total={(count, n) => t('opsConsole.sms.total', { count, n })}
      columns={screens.md === false ? compactColumns : columns}
    />
  );
}
