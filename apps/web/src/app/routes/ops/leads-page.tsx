import { type LeadStatus, leadStatuses } from '@dak/domain/site-content';
import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OpsLoadError } from '../../../components/ops/ops-error';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import { type Lead, useLeads } from '../../../features/ops-leads/api/list-leads';
import { LeadsTable } from '../../../features/ops-leads/components/leads-table';
import { MoveLeadDialog } from '../../../features/ops-leads/components/move-lead-dialog';
import '../../../features/ops-content/components/content.css';

/** Enterprise leads from the public contact form: filter by status, read, and move them on with a note. */
export function LeadsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = leadStatuses.find((s) => s === params.get('status')) ?? null;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const leads = useLeads({ status, page });
  const [moving, setMoving] = useState<Lead | null>(null);

  const setFilter = (next: { status?: LeadStatus | null; page?: number }) => {
    const nextStatus = next.status === undefined ? status : next.status;
    const query: Record<string, string> = {};
    if (nextStatus) query.status = nextStatus;
    if (next.page && next.page > 1) query.page = String(next.page);
    setParams(query);
  };

  return (
    <>
      <OpsPageHeader title={t('opsConsole.leads.title')} subtitle={t('opsConsole.leads.subtitle')} />
      <div className="ops-panel">
        <div className="content-toolbar content-toolbar--scroll">
          <Segmented
            value={status ?? 'all'}
            onChange={(value) =>
              setFilter({ status: value === 'all' ? null : (value as LeadStatus), page: 1 })
            }
            options={[
              { value: 'all', label: t('opsConsole.leads.all') },
              ...leadStatuses.map((s) => ({ value: s, label: t(`opsConsole.leads.statuses.${s}`) })),
            ]}
          />
        </div>
        {leads.isError ? (
          <OpsLoadError error={leads.error} onRetry={() => void leads.refetch()} />
        ) : (
          <LeadsTable
            data={leads.data}
            loading={leads.isPending}
            page={page}
            onPage={(p) => setFilter({ page: p })}
            onMove={setMoving}
          />
        )}
      </div>
      <MoveLeadDialog lead={moving} onClose={() => setMoving(null)} />
    </>
  );
}
