import { formatPhoneLocal } from '@dak/domain/phone';
import { type CallOutcome, callOutcomes } from '@dak/domain/returns';
import { Select, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListResults, ListSearch } from '../../../components/list/list-results';
import { oneOf, useListParams, useListSearch } from '../../../components/list/use-list-params';
import { DateTime } from '../../../components/ops/date-time';
import { formatNumber, localizeDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { returnsCardsOrTable } from '../../returns/components/returns-cards';
import { type CallItem, callPageSize, useCallLogs } from '../api/call-logs';
import { Recording } from './recording';

const outcomeColors: Record<CallOutcome, string> = {
  answered: 'green',
  no_answer: 'orange',
  busy: 'gold',
  failed: 'red',
};

/** Calls to the shop's customers by search and outcome (filters in the address), with their recordings. */
export function CallLogList({ shopId }: { shopId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const listParams = useListParams({ pageSize: callPageSize, replace: true });
  const { params, page, offset, update, setPage } = listParams;
  const outcome = oneOf(params.get('outcome'), callOutcomes, undefined);
  const { q, search } = useListSearch(listParams);
  const list = useCallLogs(shopId, { q, outcome, offset });

  const duration = (seconds: number | null) =>
    seconds === null
      ? '—'
      : localizeDigits(t('callLogs.duration', { m: Math.floor(seconds / 60), s: seconds % 60 }), language);
  const caller = (c: CallItem) =>
    c.caller.kind === 'ivr'
      ? t('callLogs.callers.ivr')
      : t(`callLogs.callers.${c.caller.kind}`, { name: c.caller.name ?? '' });
  const status = (c: CallItem) => (
    <Tag color={outcomeColors[c.outcome]}>{t(`callLogs.outcomes.${c.outcome}`)}</Tag>
  );
  const phoneOf = (c: CallItem) => <span className="phone-number">{formatPhoneLocal(c.customerPhone)}</span>;

  const columns: TableColumnsType<CallItem> = [
    { key: 'time', title: t('callLogs.columns.time'), render: (_, c) => <DateTime value={c.startedAt} /> },
    {
      key: 'parcel',
      title: t('callLogs.columns.parcel'),
      render: (_, c) => <strong className="tracking-id">{c.trackingId}</strong>,
    },
    { key: 'customer', title: t('callLogs.columns.customer'), render: (_, c) => phoneOf(c) },
    { key: 'caller', title: t('callLogs.columns.caller'), render: (_, c) => caller(c) },
    { key: 'status', title: t('callLogs.columns.status'), render: (_, c) => status(c) },
    { key: 'duration', title: t('callLogs.columns.duration'), render: (_, c) => duration(c.durationSeconds) },
    {
      key: 'recording',
      title: t('callLogs.columns.recording'),
      render: (_, c) => <Recording shopId={shopId} call={c} />,
    },
  ];

  return (
    <>
      <div className="page__head">
        <Typography.Title level={1} className="page__title">
          {t('callLogs.title')}
        </Typography.Title>
      </div>
      <Typography.Paragraph type="secondary">{t('callLogs.intro')}</Typography.Paragraph>
      <div className="list-filters">
        <ListSearch search={search} section="callLogs" />
        <Select<string>
          aria-label={t('callLogs.outcomeFilter')}
          value={outcome ?? 'all'}
          onChange={(value) => update({ outcome: value === 'all' ? undefined : value })}
          style={{ minWidth: 160 }}
          options={[
            { value: 'all', label: t('callLogs.allOutcomes') },
            ...callOutcomes.map((o) => ({ value: o, label: t(`callLogs.outcomes.${o}`) })),
          ]}
        />
      </div>
      <ListResults
        list={list}
        page={page}
        pageSize={callPageSize}
        onPage={setPage}
        empty={{ description: q || outcome ? t('callLogs.noMatch') : t('callLogs.empty') }}
        countText={(count) => t('callLogs.count', { count, n: formatNumber(count, language) })}
      >
        {returnsCardsOrTable({
          columns,
          loading: list.isPlaceholderData,
          head: (c) => (
            <>
              <strong className="tracking-id">{c.trackingId}</strong>
              {status(c)}
            </>
          ),
          body: (c) => (
            <>
              <div className="returns-secondary">
                <DateTime value={c.startedAt} /> · {duration(c.durationSeconds)}
              </div>
              <div>
                {phoneOf(c)} · {caller(c)}
              </div>
              <Recording shopId={shopId} call={c} />
            </>
          ),
        })}
      </ListResults>
    </>
  );
}
