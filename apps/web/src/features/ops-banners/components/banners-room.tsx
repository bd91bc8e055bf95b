import { EditOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import type { BannerStatus, OpsBanner } from '@dak/domain/banners';
import { Button, Popconfirm, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { OpsLoadError, useOpsErrorText } from '../../../components/ops/ops-error';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useEndBanner, useOpsBanners } from '../api/banners';
import { BannerDialog } from './banner-dialog';
import './banners.css';

const statusColor: Record<BannerStatus, string> = { scheduled: 'blue', live: 'green', ended: 'default' };

function when(value: Date, language: string) {
  return new Intl.DateTimeFormat(language === 'bn' ? 'bn-BD' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Dhaka',
  }).format(value);
}

/** Every banner with its status, the add button, and per banner: change (while open) and end. */
export function BannersRoom() {
  const { t } = useTranslation();
  const language = useLanguage();
  const list = useOpsBanners();
  const end = useEndBanner();
  const errorText = useOpsErrorText();
  const [editing, setEditing] = useState<OpsBanner | 'new' | null>(null);

  const audienceOf = (b: OpsBanner) =>
    b.audience === 'merchant_types'
      ? b.merchantTypes.map((m) => t(`merchantTypes.${m}`)).join(', ')
      : b.audience === 'shops'
        ? t('opsConsole.banners.shopCount', {
            count: b.shopIds.length,
            n: formatNumber(b.shopIds.length, language),
          })
        : t('opsConsole.banners.audiences.all');

  const columns: TableColumnsType<OpsBanner> = [
    {
      key: 'banner',
      title: t('opsConsole.banners.columns.banner'),
      render: (_, b) => (
        <div className="banner-row">
          <Space size={4} wrap>
            <Tag>{t(`opsConsole.banners.kinds.${b.kind}`)}</Tag>
            <Tag color={statusColor[b.status]}>{t(`opsConsole.banners.statuses.${b.status}`)}</Tag>
          </Space>
          <strong lang="en">{b.titleEn}</strong>
          <span className="ops-secondary" lang="bn">
            {b.titleBn}
          </span>
          <span className="banner-row__small">{audienceOf(b)}</span>
        </div>
      ),
    },
    {
      key: 'audience',
      title: t('opsConsole.banners.fields.audience'),
      width: 160,
      responsive: ['lg'],
      render: (_, b) => audienceOf(b),
    },
    {
      key: 'window',
      title: t('opsConsole.banners.columns.window'),
      width: 220,
      responsive: ['md'],
      render: (_, b) => (
        <span className="banner-row__window">
          <span>{when(b.startsAt, language)}</span>
          <span>{when(b.endedAt ?? b.endsAt, language)}</span>
        </span>
      ),
    },
    {
      key: 'actions',
      title: t('opsConsole.content.actions'),
      width: 100,
      render: (_, b) =>
        b.status === 'ended' ? null : (
          <Space>
            <Button
              size="small"
              icon={<EditOutlined aria-hidden />}
              aria-label={t('opsConsole.banners.editNamed', { name: b.titleEn })}
              onClick={() => setEditing(b)}
            />
            <Popconfirm
              title={t('opsConsole.banners.endConfirm')}
              okText={t('opsConsole.banners.end')}
              cancelText={t('opsConsole.common.cancel')}
              onConfirm={async () => {
                try {
                  await end.mutateAsync(b.id);
                  toast.success(t('opsConsole.banners.ended'));
                } catch (failure) {
                  toast.error(errorText(failure));
                }
              }}
            >
              <Button
                size="small"
                danger
                icon={<StopOutlined aria-hidden />}
                aria-label={t('opsConsole.banners.endNamed', { name: b.titleEn })}
              />
            </Popconfirm>
          </Space>
        ),
    },
  ];

  if (list.isError) return <OpsLoadError error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <>
      <div className="banners-toolbar">
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
          {t('opsConsole.banners.add')}
        </Button>
      </div>
      <Table<OpsBanner>
        className="ops-table"
        rowKey="id"
        tableLayout="fixed"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isPending}
        pagination={false}
        locale={{ emptyText: t('opsConsole.banners.empty') }}
      />
      {editing ? <BannerDialog banner={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
