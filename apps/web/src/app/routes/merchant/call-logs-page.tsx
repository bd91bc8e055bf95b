import { PlayCircleOutlined, SearchOutlined } from '@ant-design/icons';
import { formatPhoneLocal } from '@dak/domain/phone';
import { type CallOutcome, callOutcomes } from '@dak/domain/returns';
import {
  Alert,
  Button,
  Empty,
  Grid,
  Input,
  Pagination,
  Select,
  Skeleton,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { DateTime } from '../../../components/ops/date-time';
import {
  type CallItem,
  callPageSize,
  getRecording,
  useCallLogs,
} from '../../../features/call-logs/api/call-logs';
import '../../../features/returns/components/returns.css';
import { useErrorText } from '../../../lib/error-text';
import { formatNumber, localizeDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { RequireShop } from '../../require-shop';
import type { SelectedShop } from '../../shop-context';

const outcomeColors: Record<CallOutcome, string> = {
  answered: 'green',
  no_answer: 'orange',
  busy: 'gold',
  failed: 'red',
};

/** Plays a recording: fetched with the session (never a public address) on the first click. */
function Recording({ shopId, call }: { shopId: string; call: CallItem }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!call.hasRecording) {
    return (
      <span className="returns-secondary">
        {call.recordingDeleted ? t('callLogs.recordingDeleted') : t('callLogs.noRecording')}
      </span>
    );
  }
  if (url) {
    return (
      <span className="call-recording">
        {/* biome-ignore lint/a11y/useMediaCaption: a phone call's recording has no captions to offer. */}
        <audio
          controls
          autoPlay
          src={url}
          aria-label={t('callLogs.playLabel', { phone: formatPhoneLocal(call.customerPhone) })}
        />
      </span>
    );
  }
  return (
    <Button
      icon={<PlayCircleOutlined aria-hidden />}
      loading={loading}
      aria-label={t('callLogs.playLabel', { phone: formatPhoneLocal(call.customerPhone) })}
      onClick={async () => {
        setLoading(true);
        try {
          setUrl(URL.createObjectURL(await getRecording(shopId, call.id)));
        } catch (error) {
          toast.error(errorText(error));
        } finally {
          setLoading(false);
        }
      }}
    >
      {t('callLogs.play')}
    </Button>
  );
}

function CallLogs({ shop }: { shop: SelectedShop }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const phone = !Grid.useBreakpoint().md;
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() || undefined;
  const outcomeValue = params.get('outcome');
  const outcome = (callOutcomes as readonly string[]).includes(outcomeValue ?? '')
    ? (outcomeValue as CallOutcome)
    : undefined;
  const pageNumber = Number(params.get('page') ?? '1');
  const page = Number.isInteger(pageNumber) && pageNumber > 1 ? pageNumber : 1;
  const [text, setText] = useState(q ?? '');
  const list = useCallLogs(shop.id, { q, outcome, offset: (page - 1) * callPageSize });

  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if ((q ?? '') !== text.trim()) update({ q: text.trim() || undefined });
    }, 350);
    return () => window.clearTimeout(timer);
  });

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

  const columns: TableColumnsType<CallItem> = [
    { key: 'time', title: t('callLogs.columns.time'), render: (_, c) => <DateTime value={c.startedAt} /> },
    {
      key: 'parcel',
      title: t('callLogs.columns.parcel'),
      render: (_, c) => <strong className="tracking-id">{c.trackingId}</strong>,
    },
    {
      key: 'customer',
      title: t('callLogs.columns.customer'),
      render: (_, c) => <span className="phone-number">{formatPhoneLocal(c.customerPhone)}</span>,
    },
    { key: 'caller', title: t('callLogs.columns.caller'), render: (_, c) => caller(c) },
    { key: 'status', title: t('callLogs.columns.status'), render: (_, c) => status(c) },
    { key: 'duration', title: t('callLogs.columns.duration'), render: (_, c) => duration(c.durationSeconds) },
    {
      key: 'recording',
      title: t('callLogs.columns.recording'),
      render: (_, c) => <Recording shopId={shop.id} call={c} />,
    },
  ];
  const items = list.data?.items ?? [];

  return (
    <>
      <div className="page__head">
        <Typography.Title level={1} className="page__title">
          {t('callLogs.title')}
        </Typography.Title>
      </div>
      <Typography.Paragraph type="secondary">{t('callLogs.intro')}</Typography.Paragraph>
      <div className="list-filters">
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('callLogs.searchPlaceholder')}
          aria-label={t('callLogs.search')}
          className="list-filters__search"
          type="search"
        />
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
      {list.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {list.isError ? <Alert type="error" showIcon title={errorText(list.error)} /> : null}
      {list.data ? (
        items.length === 0 ? (
          <Empty
            className="page-card"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={q || outcome ? t('callLogs.noMatch') : t('callLogs.empty')}
          />
        ) : (
          <>
            <Typography.Paragraph type="secondary" className="list-count" aria-live="polite">
              {t('callLogs.count', { count: list.data.count, n: formatNumber(list.data.count, language) })}
            </Typography.Paragraph>
            {phone ? (
              <ul className="returns-cards">
                {items.map((c) => (
                  <li key={c.id} className="returns-card page-card">
                    <div className="returns-card__head">
                      <strong className="tracking-id">{c.trackingId}</strong>
                      {status(c)}
                    </div>
                    <div className="returns-secondary">
                      <DateTime value={c.startedAt} /> · {duration(c.durationSeconds)}
                    </div>
                    <div>
                      <span className="phone-number">{formatPhoneLocal(c.customerPhone)}</span> · {caller(c)}
                    </div>
                    <Recording shopId={shop.id} call={c} />
                  </li>
                ))}
              </ul>
            ) : (
              <Table<CallItem>
                className="returns-table"
                rowKey="id"
                columns={columns}
                dataSource={items}
                pagination={false}
                loading={list.isPlaceholderData}
              />
            )}
            {list.data.count > callPageSize ? (
              <Pagination
                className="parcel-pagination"
                current={page}
                pageSize={callPageSize}
                total={list.data.count}
                showSizeChanger={false}
                simple={phone}
                onChange={(next) => update({ page: next > 1 ? String(next) : undefined })}
              />
            ) : null}
          </>
        )
      ) : null}
    </>
  );
}

/** Call logs (spec 2): calls to the shop's customers, with their recordings for 45 days. */
export function CallLogsPage() {
  return (
    <div className="page page--wide">
      <RequireShop permission="parcel.view">{(shop) => <CallLogs key={shop.id} shop={shop} />}</RequireShop>
    </div>
  );
}
