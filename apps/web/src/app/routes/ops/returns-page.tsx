import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { failedAttemptReasons } from '@dak/domain/parcel-status';
import { type ApprovalStatus, approvalStatuses, reattemptReasons } from '@dak/domain/returns';
import { Button, Grid, Input, Popconfirm, Segmented, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { DateTime } from '../../../components/ops/date-time';
import { isForbidden, OpsLoadError, useOpsErrorText } from '../../../components/ops/ops-error';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import {
  type ApprovalItem,
  useApprovals,
  useDecideApproval,
  useDecideApprovals,
} from '../../../features/ops-returns/api/approvals';
import { formatNumber, toLatinDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import '../../../features/returns/components/returns.css';
import { pageParam, withParams } from '../../../components/list/use-list-params';

const pageSize = 25;

function statusParam(value: string | null): ApprovalStatus {
  return (approvalStatuses as readonly string[]).includes(value ?? '')
    ? (value as ApprovalStatus)
    : 'pending';
}

/** Return approvals: the merchants' reattempt requests, approved or rejected one by one or in bulk. */
export function ReturnsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const errorText = useOpsErrorText();
  const [params, setParams] = useSearchParams();
  const status = statusParam(params.get('status'));
  const q = params.get('q') ?? '';
  const page = pageParam(params.get('page'));
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const [selected, setSelected] = useState<string[]>([]);
  const [busyId, setBusyId] = useState<string | null>(null);
  const compact = Grid.useBreakpoint().md === false;
  const approvals = useApprovals({ status, q, limit: pageSize, offset: (page - 1) * pageSize });
  const decide = useDecideApproval();
  const decideMany = useDecideApprovals();
  const set = (changes: Record<string, string | null>) => {
    setSelected([]);
    setParams(withParams(params, { page: null, ...changes }));
  };

  const one = async (item: ApprovalItem, decision: 'approved' | 'rejected') => {
    setBusyId(item.id);
    try {
      await decide.mutateAsync({ id: item.id, decision });
      toast.success(t(`opsConsole.returns.${decision}`, { id: item.parcel.trackingId }));
      setSelected((ids) => ids.filter((id) => id !== item.id));
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setBusyId(null);
    }
  };

  const many = async (decision: 'approved' | 'rejected') => {
    try {
      const { results } = await decideMany.mutateAsync({ ids: selected, decision });
      const failed = results.filter((r) => !r.ok);
      const summary = t('opsConsole.returns.bulkDone', {
        ok: formatNumber(results.length - failed.length, language),
        failed: formatNumber(failed.length, language),
      });
      if (failed.length > 0) toast.warn(`${summary}: ${failed[0]?.error?.message ?? ''}`);
      else toast.success(summary);
      setSelected(failed.map((r) => r.id));
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const failed = (a: ApprovalItem) => {
    const reason = failedAttemptReasons[a.parcel.failedReason as keyof typeof failedAttemptReasons];
    return reason ? reason[language] : '—';
  };
  const asked = (a: ApprovalItem) => {
    const reason = reattemptReasons[a.reason as keyof typeof reattemptReasons];
    return (
      <div>
        <div>{reason ? reason[language] : a.reason}</div>
        {a.note ? <div className="ops-secondary">“{a.note}”</div> : null}
      </div>
    );
  };
  const actions = (a: ApprovalItem) =>
    a.status === 'pending' ? (
      <div className="returns-actions">
        <Button
          type="primary"
          icon={<CheckOutlined aria-hidden />}
          loading={busyId === a.id && decide.variables?.decision === 'approved'}
          disabled={busyId !== null}
          aria-label={t('opsConsole.returns.approveLabel', { id: a.parcel.trackingId })}
          onClick={() => void one(a, 'approved')}
        >
          {t('opsConsole.returns.approve')}
        </Button>
        <Popconfirm
          title={t('opsConsole.returns.rejectConfirm', { n: formatNumber(1, language) })}
          okText={t('opsConsole.returns.reject')}
          onConfirm={() => one(a, 'rejected')}
        >
          <Button
            danger
            icon={<CloseOutlined aria-hidden />}
            loading={busyId === a.id && decide.variables?.decision === 'rejected'}
            disabled={busyId !== null}
            aria-label={t('opsConsole.returns.rejectLabel', { id: a.parcel.trackingId })}
          >
            {t('opsConsole.returns.reject')}
          </Button>
        </Popconfirm>
      </div>
    ) : (
      <div>
        <div>{t(`opsConsole.returns.statuses.${a.status}`)}</div>
        <div className="ops-secondary">
          <DateTime value={a.decidedAt} />
          {a.decidedBy ? ` · ${t('opsConsole.returns.decidedBy', { name: a.decidedBy })}` : ''}
        </div>
      </div>
    );
  const parcel = (a: ApprovalItem) => (
    <div>
      <strong className="tracking-id">{a.parcel.trackingId}</strong>
      <div className="ops-secondary">
        {a.parcel.customerName} · {a.parcel.deliveryArea[language]}
      </div>
      <div className="ops-secondary">{a.parcel.hub[language]}</div>
    </div>
  );

  const columns: TableColumnsType<ApprovalItem> = compact
    ? [
        {
          key: 'request',
          title: t('opsConsole.returns.columns.parcel'),
          render: (_, a) => (
            <div className="returns-card">
              {parcel(a)}
              <div>
                <strong>{a.shop.name}</strong> · <DateTime value={a.createdAt} />
              </div>
              <div className="ops-secondary">{failed(a)}</div>
              {asked(a)}
              {actions(a)}
            </div>
          ),
        },
      ]
    : [
        { key: 'parcel', title: t('opsConsole.returns.columns.parcel'), render: (_, a) => parcel(a) },
        {
          key: 'shop',
          title: t('opsConsole.returns.columns.shop'),
          render: (_, a) => (
            <div>
              <div>{a.shop.name}</div>
              {a.requestedBy ? <div className="ops-secondary">{a.requestedBy}</div> : null}
            </div>
          ),
        },
        { key: 'failed', title: t('opsConsole.returns.columns.failed'), render: (_, a) => failed(a) },
        { key: 'reason', title: t('opsConsole.returns.columns.reason'), render: (_, a) => asked(a) },
        {
          key: 'requested',
          title: t('opsConsole.returns.columns.requested'),
          render: (_, a) => <DateTime value={a.createdAt} />,
        },
        { key: 'decision', title: t('opsConsole.returns.columns.decision'), render: (_, a) => actions(a) },
      ];

  const n = formatNumber(selected.length, language);
  return (
    <>
      <OpsPageHeader title={t('opsConsole.returns.title')} subtitle={t('opsConsole.returns.subtitle')} />
      <div className="ops-panel">
        <div className="ops-toolbar">
          <div className="ops-toolbar__item">
            <Segmented<ApprovalStatus>
              value={status}
              onChange={(next) => set({ status: next === 'pending' ? null : next })}
              options={approvalStatuses.map((s) => ({
                value: s,
                label: t(`opsConsole.returns.statuses.${s}`),
              }))}
            />
          </div>
          <div className="ops-toolbar__item ops-toolbar__grow">
            <label htmlFor="ops-approval-search">{t('opsConsole.returns.searchLabel')}</label>
            <Input.Search
              id="ops-approval-search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              onSearch={(value) => set({ q: toLatinDigits(value.trim()) || null })}
              placeholder={t('opsConsole.returns.searchPlaceholder')}
              enterButton={t('opsConsole.common.search')}
              allowClear
              maxLength={60}
            />
          </div>
        </div>
        {status === 'pending' && selected.length > 0 ? (
          <div className="ops-toolbar returns-bulk" aria-live="polite">
            <Button
              type="primary"
              icon={<CheckOutlined aria-hidden />}
              loading={decideMany.isPending && decideMany.variables?.decision === 'approved'}
              onClick={() => void many('approved')}
            >
              {t('opsConsole.returns.approveSelected', { n })}
            </Button>
            <Popconfirm
              title={t('opsConsole.returns.rejectConfirm', { n })}
              okText={t('opsConsole.returns.reject')}
              onConfirm={() => many('rejected')}
            >
              <Button
                danger
                icon={<CloseOutlined aria-hidden />}
                loading={decideMany.isPending && decideMany.variables?.decision === 'rejected'}
              >
                {t('opsConsole.returns.rejectSelected', { n })}
              </Button>
            </Popconfirm>
          </div>
        ) : null}
        {approvals.isError && (isForbidden(approvals.error) || !approvals.data) ? (
          <OpsLoadError error={approvals.error} onRetry={() => void approvals.refetch()} />
        ) : (
          <Table<ApprovalItem>
            className="ops-table"
            rowKey="id"
            columns={columns}
            dataSource={approvals.data?.items ?? []}
            loading={approvals.isPending || approvals.isPlaceholderData}
            locale={{ emptyText: t('opsConsole.returns.empty') }}
            rowSelection={
              status === 'pending'
                ? {
                    selectedRowKeys: selected,
                    onChange: (keys) => setSelected(keys.map(String)),
                    getTitleCheckboxProps: () => ({ 'aria-label': t('opsConsole.returns.selectAll') }),
                    getCheckboxProps: (a) => ({
                      'aria-label': t('opsConsole.returns.selectOne', { id: a.parcel.trackingId }),
                    }),
                  }
                : undefined
            }
            pagination={{
              current: page,
              pageSize,
              total: approvals.data?.count ?? 0,
              onChange: (next) => setParams(withParams(params, { page: next === 1 ? null : String(next) })),
              showSizeChanger: false,
              hideOnSinglePage: true,
              showTotal: (total) => t('opsConsole.returns.total', { n: formatNumber(total, language) }),
            }}
          />
        )}
      </div>
    </>
  );
}
