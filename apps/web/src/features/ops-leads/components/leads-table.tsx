import { formatPhoneLocal } from '@dak/domain/phone';
import { leadTransitions } from '@dak/domain/site-content';
import { Button, type TableColumnsType, Tag, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/ops/date-time';
import { PagedTable } from '../../../components/ui/paged-table';
import { localizeDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import type { Lead, LeadList } from '../api/list-leads';

const statusColor = { new: 'blue', contacted: 'gold', won: 'green', lost: 'default' } as const;

export function LeadStatusTag({ status }: { status: Lead['status'] }) {
  const { t } = useTranslation();
  return <Tag color={statusColor[status]}>{t(`opsConsole.leads.statuses.${status}`)}</Tag>;
}

/** Leads newest first; a row opens to the requirement and the history of moves with their notes. */
export function LeadsTable({
  data,
  loading,
  page,
  onPage,
  onMove,
}: {
  data: LeadList | undefined;
  loading: boolean;
  page: number;
  onPage: (page: number) => void;
  onMove: (lead: Lead) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const columns: TableColumnsType<Lead> = [
    {
      key: 'who',
      title: t('opsConsole.leads.columns.who'),
      render: (_, lead) => (
        <>
          <strong>{lead.company}</strong>
          <span className="ops-secondary">{lead.name}</span>
          <span className="ops-secondary">
            <a href={`tel:+${lead.phone}`}>{localizeDigits(formatPhoneLocal(lead.phone), language)}</a>
            {' · '}
            <a href={`mailto:${lead.email}`}>{lead.email}</a>
          </span>
          <span className="content-xs">
            <LeadStatusTag status={lead.status} />
          </span>
        </>
      ),
    },
    {
      key: 'received',
      title: t('opsConsole.leads.columns.received'),
      width: 170,
      responsive: ['md'],
      render: (_, lead) => <DateTime value={lead.createdAt} />,
    },
    {
      key: 'status',
      title: t('opsConsole.leads.columns.status'),
      width: 120,
      responsive: ['sm'],
      render: (_, lead) => <LeadStatusTag status={lead.status} />,
    },
    {
      key: 'actions',
      title: t('opsConsole.content.actions'),
      width: 104,
      render: (_, lead) =>
        leadTransitions[lead.status].length > 0 ? (
          <Button
            size="small"
            onClick={() => onMove(lead)}
            aria-label={t('opsConsole.leads.moveNamed', { name: lead.company })}
          >
            {t('opsConsole.leads.move')}
          </Button>
        ) : null,
    },
  ];
  return (
    <PagedTable<Lead>
      data={data}
      loading={loading}
      page={page}
      pageSize={20}
      onPageChange={onPage}
      emptyText={t('opsConsole.leads.empty')}
      tableLayout="fixed"
      columns={columns}
      expandable={{
        expandedRowRender: (lead) => (
          <div className="lead-detail">
            <p className="lead-detail__requirement">{lead.requirement}</p>
            {lead.history.length > 0 ? (
              <Timeline
                items={lead.history.map((h) => ({
                  key: `${h.at.toISOString()}-${h.to}`,
                  children: (
                    <>
                      <LeadStatusTag status={h.to} /> <DateTime value={h.at} />
                      <span className="ops-secondary">
                        {h.staffName ?? ''} — {h.note}
                      </span>
                    </>
                  ),
                }))}
              />
            ) : (
              <span className="ops-secondary">{t('opsConsole.leads.noHistory')}</span>
            )}
          </div>
        ),
      }}
    />
  );
}
