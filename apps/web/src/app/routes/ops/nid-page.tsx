import { ReloadOutlined } from '@ant-design/icons';
import { type NidSubmissionStatus, nidSubmissionStatuses } from '@dak/domain/nid';
import { Button, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { pageParam, withParams } from '../../../components/list/use-list-params';
import { isForbidden, OpsLoadError } from '../../../components/ops/ops-error';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import { type NidReviewItem, useNidReviews } from '../../../features/ops-nid/api/list-nid-reviews';
import { NidQueueTable } from '../../../features/ops-nid/components/nid-queue-table';
import { NidReviewDrawer } from '../../../features/ops-nid/components/nid-review-drawer';

const pageSize = 20;

function statusParam(value: string | null): NidSubmissionStatus {
  return nidSubmissionStatuses.find((s) => s === value) ?? 'pending';
}

/** The NID review queue (oldest first), and the decided ones to look back at. */
export function NidPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = statusParam(params.get('status'));
  const page = pageParam(params.get('page'));
  const [selected, setSelected] = useState<NidReviewItem | null>(null);
  const [open, setOpen] = useState(false);
  const reviews = useNidReviews({ status, limit: pageSize, offset: (page - 1) * pageSize });

  return (
    <>
      <OpsPageHeader
        title={t('opsConsole.nid.title')}
        subtitle={t('opsConsole.nid.subtitle')}
        extra={
          <Button
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => void reviews.refetch()}
            loading={reviews.isFetching}
          >
            {t('opsConsole.common.refresh')}
          </Button>
        }
      />
      <div className="ops-panel">
        <div className="ops-toolbar">
          <Segmented<NidSubmissionStatus>
            value={status}
            onChange={(next) =>
              setParams(withParams(params, { status: next === 'pending' ? null : next, page: null }))
            }
            options={nidSubmissionStatuses.map((value) => ({
              value,
              label: t(`opsConsole.nid.filters.${value}`),
            }))}
            aria-label={t('opsConsole.nid.filterLabel')}
          />
        </div>
        {reviews.isError && (isForbidden(reviews.error) || !reviews.data) ? (
          <OpsLoadError error={reviews.error} onRetry={() => void reviews.refetch()} />
        ) : (
          <NidQueueTable
            data={reviews.data}
            loading={reviews.isPending || reviews.isPlaceholderData}
            status={status}
            page={page}
            pageSize={pageSize}
            onPageChange={(next) => setParams(withParams(params, { page: next === 1 ? null : String(next) }))}
            onOpen={(item) => {
              setSelected(item);
              setOpen(true);
            }}
          />
        )}
      </div>
      <NidReviewDrawer
        item={selected}
        open={open}
        onClose={() => setOpen(false)}
        afterClose={() => setSelected(null)}
      />
    </>
  );
}
