import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { type ApprovalStatus, approvalStatuses } from '@dak/domain/returns';
import { Button, Grid, Popconfirm, Segmented, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { OpsListTable, OpsSearch } from '../../../components/list/ops-list';
import { oneOf, useListParams, useSearchText } from '../../../components/list/use-list-params';
import { DateTime } from '../../../components/ops/date-time';
import { useOpsErrorText } from '../../../components/ops/ops-error';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { type ApprovalItem, useApprovals, useDecideApproval, useDecideApprovals } from '../api/approvals';
import { ApprovalActions, ApprovalAsked, ApprovalParcel, failedReasonOf } from './approval-cells';

const pageSize = 25;
type Decision = 'approved' | 'rejected';

/** The merchants' reattempt requests by status and search (in the address), decided one by one or in bulk. */
export function ApprovalsList() {
  const { t } = useTranslation();
  const language = useLanguage();
  const errorText = useOpsErrorText();
  const { params, page, offset, update: setParams, setPage } = useListParams({ pageSize });
  const status = oneOf(params.get('status'), approvalStatuses, 'pending');
  const q = params.get('q') ?? '';
  const [selected, setSelected] = useState<string[]>([]);
  const update = (changes: Record<string, string | null>) => {
    setSelected([]);
    setParams(changes);
  };
  const search = useSearchText(q, (next) => update({ q: next }));
  const [busy, setBusy] = useState<{ id: string; decision: Decision } | null>(null);
  const compact = Grid.useBreakpoint().md === false;
  const approvals = useApprovals({ status, q, limit: pageSize, offset });
  const decide = useDecideApproval();
  const decideMany = useDecideApprovals();

  const one = async (item: ApprovalItem, decision: Decision) => {
    setBusy({ id: item.id, decision });
    try {
      await decide.mutateAsync({ id: item.id, decision });
      toast.success(t(`opsConsole.returns.${decision}`, { id: item.parcel.trackingId }));
      setSelected((ids) => ids.filter((id) => id !== item.id));
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const many = async (decision: Decision) => {
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

  const actions = (a: ApprovalItem) => <ApprovalActions item={a} busy={busy} onDecide={one} />;
  const columns: TableColumnsType<ApprovalItem> = compact
    ? [
        {
          key: 'request',
          title: t('opsConsole.returns.columns.parcel'),
          render: (_, a) => (
            <div className="returns-card">
              <ApprovalParcel item={a} />
              <div>
                <strong>{a.shop.name}</strong> · <DateTime value={a.createdAt} />
              </div>
              <div className="ops-secondary">{failedReasonOf(a, language)}</div>
              <ApprovalAsked item={a} />
              {actions(a)}
            </div>
          ),
        },
      ]
    : [
        {
          key: 'parcel',
          title: t('opsConsole.returns.columns.parcel'),
          render: (_, a) => <ApprovalParcel item={a} />,
        },
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
        {
          key: 'failed',
          title: t('opsConsole.returns.columns.failed'),
          render: (_, a) => failedReasonOf(a, language),
        },
        {
          key: 'reason',
          title: t('opsConsole.returns.columns.reason'),
          render: (_, a) => <ApprovalAsked item={a} />,
        },
        {
          key: 'requested',
          title: t('opsConsole.returns.columns.requested'),
          render: (_, a) => <DateTime value={a.createdAt} />,
        },
        { key: 'decision', title: t('opsConsole.returns.columns.decision'), render: (_, a) => actions(a) },
      ];

  const n = formatNumber(selected.length, language);
  const bulkLoading = (decision: Decision) =>
    decideMany.isPending && decideMany.variables?.decision === decision;
  return (
    <>
      <OpsPageHeader title={t('opsConsole.returns.title')} subtitle={t('opsConsole.returns.subtitle')} />
      <div className="ops-panel">
        <div className="ops-toolbar">
          <div className="ops-toolbar__item">
            <Segmented<ApprovalStatus>
              value={status}
              onChange={(next) => update({ status: next === 'pending' ? null : next })}
              options={approvalStatuses.map((s) => ({
                value: s,
                label: t(`opsConsole.returns.statuses.${s}`),
              }))}
            />
          </div>
          <OpsSearch room="returns" search={search} onSearch={(next) => update({ q: next })} />
        </div>
        {status === 'pending' && selected.length > 0 ? (
          <div className="ops-toolbar returns-bulk" aria-live="polite">
            <Button
              type="primary"
              icon={<CheckOutlined aria-hidden />}
              loading={bulkLoading('approved')}
              onClick={() => void many('approved')}
            >
              {t('opsConsole.returns.approveSelected', { n })}
            </Button>
            <Popconfirm
              title={t('opsConsole.returns.rejectConfirm', { n })}
              okText={t('opsConsole.returns.reject')}
              onConfirm={() => many('rejected')}
            >
              <Button danger icon={<CloseOutlined aria-hidden />} loading={bulkLoading('rejected')}>
                {t('opsConsole.returns.rejectSelected', { n })}
              </Button>
            </Popconfirm>
          </div>
        ) : null}
        <OpsListTable<ApprovalItem>
          list={approvals}
          columns={columns}
          page={page}
          pageSize={pageSize}
          onPage={setPage}
          emptyText={t('opsConsole.returns.empty')}
          totalText={(total) => t('opsConsole.returns.total', { n: formatNumber(total, language) })}
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
        />
      </div>
    </>
  );
}
