import type { NidSubmissionStatus } from '@dak/domain/nid';
import { formatPhoneLocal } from '@dak/domain/phone';
import { Button, Grid, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime } from '../../../components/ops/date-time';
import { type PagedListProps, PagedTable } from '../../../components/ui/paged-table';
import type { NidReviewItem, NidReviewList } from '../api/list-nid-reviews';

const statusColors: Record<NidSubmissionStatus, string> = {
  pending: 'gold',
  verified: 'green',
  failed: 'red',
};

export function NidSubmissionTag({ status }: { status: NidSubmissionStatus }) {
  const { t } = useTranslation();
  return <Tag color={statusColors[status]}>{t(`opsConsole.nidStatus.${status}`)}</Tag>;
}

type NidQueueTableProps = PagedListProps<NidReviewList> & {
  status: NidSubmissionStatus;
  onOpen: (item: NidReviewItem) => void;
};

/** Submissions with the owner and shop; each opens the review with both photos. */
export function NidQueueTable({ status, onOpen, ...list }: NidQueueTableProps) {
  const { t } = useTranslation();
  // Below 768 px the shop and the time move under the owner's name.
  const compact = Grid.useBreakpoint().md === false;
  const columns: TableColumnsType<NidReviewItem> = [
    {
      key: 'owner',
      title: t('opsConsole.nid.columns.owner'),
      render: (_, item) => (
        <>
          <strong>{item.user.fullName ?? item.user.name ?? '—'}</strong>
          <span className="ops-secondary phone-number">{formatPhoneLocal(item.user.phone)}</span>
          {compact ? (
            <span className="ops-secondary">
              {item.shop ? `${item.shop.name} · ` : ''}
              <DateTime value={item.submittedAt} />
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: 'shop',
      title: t('opsConsole.nid.columns.shop'),
      responsive: ['md'],
      render: (_, item) =>
        item.shop ? <Link to={`/ops/shops/${item.shop.id}`}>{item.shop.name}</Link> : '—',
    },
    {
      key: 'number',
      title: t('opsConsole.nid.columns.number'),
      responsive: ['lg'],
      render: (_, item) => <span className="ops-mono">{item.nidNumber}</span>,
    },
    {
      key: 'submitted',
      title: t('opsConsole.nid.columns.submitted'),
      responsive: ['md'],
      render: (_, item) => <DateTime value={item.submittedAt} />,
    },
    ...(status === 'pending'
      ? []
      : [
          {
            key: 'decision',
            title: t('opsConsole.nid.columns.decision'),
            responsive: ['md'],
            render: (_: unknown, item: NidReviewItem) => (
              <>
                <NidSubmissionTag status={item.status} />
                {item.reviewedAt ? (
                  <span className="ops-secondary">
                    <DateTime value={item.reviewedAt} />
                    {item.reviewedBy ? ` · ${item.reviewedBy.name}` : ''}
                  </span>
                ) : null}
              </>
            ),
          } satisfies TableColumnsType<NidReviewItem>[number],
        ]),
    {
      key: 'open',
      title: <span className="visually-hidden">{t('opsConsole.nid.columns.action')}</span>,
      align: 'right',
      render: (_, item) => (
        <Button
          type={item.status === 'pending' ? 'primary' : 'default'}
          onClick={() => onOpen(item)}
          aria-label={t('opsConsole.nid.openFor', { name: item.user.fullName ?? item.user.name ?? '' })}
        >
          {item.status === 'pending' ? t('opsConsole.nid.review') : t('opsConsole.nid.view')}
        </Button>
      ),
    },
  ];
  return (
    <PagedTable<NidReviewItem>
      {...list}
      emptyText={t(`opsConsole.nid.empty.${status}`)}
      total={(count, n) => t('opsConsole.nid.total', { count, n })}
      columns={columns}
    />
  );
}
