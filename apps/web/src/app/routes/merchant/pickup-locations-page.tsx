import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { PickupLocation, PickupStatus } from '@dak/domain/shop';
import { Alert, Button, Empty, Input, Radio, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePickupLocations } from '../../../features/pickup-locations/api/list-pickup-locations';
import { PickupLocationDrawer } from '../../../features/pickup-locations/components/pickup-location-form';
import { PickupLocationList } from '../../../features/pickup-locations/components/pickup-location-list';
import { useErrorText } from '../../../lib/error-text';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { RequireShop } from '../../require-shop';
import type { SelectedShop } from '../../shop-context';

type StatusFilter = 'all' | PickupStatus;

function ManagePickup({ shop }: { shop: SelectedShop }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<PickupLocation | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const canManage = shop.can('pickup.manage');

  useEffect(() => {
    const timer = window.setTimeout(() => setQ(text.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [text]);

  const list = usePickupLocations(shop.id, {
    status: status === 'all' ? undefined : status,
    q: q || undefined,
  });

  const openNew = () => {
    setEditing(null);
    setDrawerOpen(true);
  };

  return (
    <>
      <div className="page__head">
        <Typography.Title level={1} className="page__title">
          {t('pickup.title')}
        </Typography.Title>
        {canManage ? (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={openNew}>
            {t('pickup.add')}
          </Button>
        ) : null}
      </div>
      <div className="list-filters">
        <Radio.Group
          optionType="button"
          value={status}
          onChange={(event) => setStatus(event.target.value as StatusFilter)}
          aria-label={t('pickup.statusFilter')}
          options={[
            { value: 'all', label: t('pickup.filters.all') },
            { value: 'active', label: t('pickup.filters.active') },
            { value: 'inactive', label: t('pickup.filters.inactive') },
          ]}
        />
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('pickup.searchPlaceholder')}
          aria-label={t('pickup.search')}
          className="list-filters__search"
          type="search"
        />
      </div>
      {list.isPending ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
      {list.isError ? <Alert type="error" showIcon title={errorText(list.error)} /> : null}
      {list.data ? (
        list.data.items.length === 0 ? (
          <Empty
            className="page-card"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={q || status !== 'all' ? t('pickup.noMatch') : t('pickup.empty')}
          />
        ) : (
          <>
            <Typography.Paragraph type="secondary" className="list-count" aria-live="polite">
              {t('pickup.count', { n: formatNumber(list.data.count, language) })}
            </Typography.Paragraph>
            <PickupLocationList
              items={list.data.items}
              canManage={canManage}
              onEdit={(pickup) => {
                setEditing(pickup);
                setDrawerOpen(true);
              }}
            />
          </>
        )
      ) : null}
      {canManage ? (
        <PickupLocationDrawer
          shopId={shop.id}
          pickup={editing}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
        />
      ) : null}
    </>
  );
}

/** Manage pickup: the shop's pickup locations, by status and name; add and edit. */
export function PickupLocationsPage() {
  return (
    <div className="page">
      <RequireShop permission="pickup.view">{(shop) => <ManagePickup shop={shop} />}</RequireShop>
    </div>
  );
}
