import type { NidStatus } from '@dak/domain/nid';
import { formatPhoneLocal } from '@dak/domain/phone';
import { Card, Descriptions, Empty, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/ops/date-time';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import type { OpsShopDetail } from '../api/get-ops-shop';

type Member = OpsShopDetail['members'][number];
type Pickup = OpsShopDetail['pickupLocations'][number];

const nidColors: Record<NidStatus, string> = {
  not_submitted: 'default',
  pending: 'gold',
  verified: 'green',
  failed: 'red',
};

export function NidStatusTag({ status }: { status: NidStatus }) {
  const { t } = useTranslation();
  return <Tag color={nidColors[status]}>{t(`opsConsole.nidStatus.${status}`)}</Tag>;
}

function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  if (status === 'active') return <Tag color="green">{t('opsConsole.statuses.active')}</Tag>;
  if (status === 'inactive') return <Tag>{t('opsConsole.statuses.inactive')}</Tag>;
  if (status === 'removed') return <Tag>{t('opsConsole.statuses.removed')}</Tag>;
  return <Tag>{status}</Tag>;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card
      size="small"
      className="ops-card"
      title={
        <Typography.Title level={2} className="ops-card-title">
          {title}
        </Typography.Title>
      }
    >
      {children}
    </Card>
  );
}

/** Everything the console knows about one shop, in the order support asks about it. */
export function ShopDetail({ detail }: { detail: OpsShopDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { shop, owner, members, pickupLocations, paymentMethod, nid, terms } = detail;
  /** When and by whom the payment method last changed; the same row for a bank and for bKash. */
  const paymentChanged = paymentMethod && (
    <Descriptions.Item label={t('opsConsole.shop.changed')}>
      <DateTime value={paymentMethod.updatedAt} />
      {paymentMethod.updatedBy.name ? ` · ${paymentMethod.updatedBy.name}` : ''}
    </Descriptions.Item>
  );

  const memberColumns: TableColumnsType<Member> = [
    {
      key: 'name',
      title: t('opsConsole.shop.memberColumns.name'),
      render: (_, m) => (
        <>
          {m.name ?? '—'}
          <span className="ops-secondary phone-number">{formatPhoneLocal(m.phone)}</span>
        </>
      ),
    },
    {
      key: 'role',
      title: t('opsConsole.shop.memberColumns.role'),
      render: (_, m) => t(`roles.${m.role}`),
    },
    {
      key: 'status',
      title: t('opsConsole.shop.memberColumns.status'),
      responsive: ['sm'],
      render: (_, m) => <StatusTag status={m.status} />,
    },
    {
      key: 'since',
      title: t('opsConsole.shop.memberColumns.since'),
      responsive: ['md'],
      render: (_, m) => <DateTime value={m.since} />,
    },
  ];

  const pickupColumns: TableColumnsType<Pickup> = [
    {
      key: 'name',
      title: t('opsConsole.shop.pickupColumns.name'),
      render: (_, p) => (
        <>
          {p.name}
          <span className="ops-secondary ops-wrap">{p.address}</span>
        </>
      ),
    },
    {
      key: 'area',
      title: t('opsConsole.shop.pickupColumns.area'),
      responsive: ['md'],
      render: (_, p) => (p.areaId ? <span className="ops-mono">{p.areaId}</span> : '—'),
    },
    {
      key: 'phone',
      title: t('opsConsole.shop.pickupColumns.phone'),
      responsive: ['md'],
      render: (_, p) => (p.phone ? <span className="phone-number">{formatPhoneLocal(p.phone)}</span> : '—'),
    },
    {
      key: 'status',
      title: t('opsConsole.shop.pickupColumns.status'),
      render: (_, p) => <StatusTag status={p.status} />,
    },
  ];

  const bankName = (names: { nameEn: string; nameBn: string | null }) =>
    language === 'bn' && names.nameBn ? names.nameBn : names.nameEn;

  return (
    <div className="ops-stack">
      <Section title={t('opsConsole.shop.overview')}>
        <Descriptions column={{ xs: 1, sm: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('opsConsole.shop.id')}>
            <Typography.Text className="ops-mono" copyable>
              {shop.id}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('opsConsole.shop.type')}>
            {t(`merchantTypes.${shop.merchantType}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('opsConsole.shop.dailyParcels')}>
            {formatNumber(shop.dailyParcelCount, language)}
          </Descriptions.Item>
          <Descriptions.Item label={t('opsConsole.shop.created')}>
            <DateTime value={shop.createdAt} />
          </Descriptions.Item>
          <Descriptions.Item label={t('opsConsole.shop.ownerName')}>{owner.name ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('opsConsole.shop.ownerFullName')}>
            {owner.fullName ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('opsConsole.shop.ownerPhone')}>
            <Typography.Text className="phone-number" copyable={{ text: formatPhoneLocal(owner.phone) }}>
              {formatPhoneLocal(owner.phone)}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Section>

      <div className="ops-grid ops-grid--two">
        <Section title={t('opsConsole.shop.nid')}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('opsConsole.shop.nidStatus')}>
              <NidStatusTag status={nid.status} />
            </Descriptions.Item>
            {nid.nidNumberMasked ? (
              <Descriptions.Item label={t('opsConsole.shop.nidNumber')}>
                <span className="ops-mono">{nid.nidNumberMasked}</span>
              </Descriptions.Item>
            ) : null}
            {nid.submittedAt ? (
              <Descriptions.Item label={t('opsConsole.shop.nidSubmitted')}>
                <DateTime value={nid.submittedAt} />
              </Descriptions.Item>
            ) : null}
            {nid.reason ? (
              <Descriptions.Item label={t('opsConsole.shop.nidReason')}>{nid.reason}</Descriptions.Item>
            ) : null}
          </Descriptions>
        </Section>

        <Section title={t('opsConsole.shop.terms')}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('opsConsole.shop.termsVersion')}>
              {formatNumber(terms.currentVersion, language)}
            </Descriptions.Item>
            <Descriptions.Item label={t('opsConsole.shop.termsAccepted')}>
              {terms.accepted ? (
                <Tag color="green">{t('opsConsole.shop.yes')}</Tag>
              ) : (
                <Tag color="gold">{t('opsConsole.shop.notYet')}</Tag>
              )}
            </Descriptions.Item>
          </Descriptions>
        </Section>
      </div>

      <Section title={t('opsConsole.shop.paymentMethod')}>
        {paymentMethod === null ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('opsConsole.shop.noPaymentMethod')} />
        ) : paymentMethod.method === 'bank' ? (
          <Descriptions column={{ xs: 1, sm: 1, md: 2 }} size="small">
            <Descriptions.Item label={t('opsConsole.shop.method')}>
              {t('opsConsole.shop.methodBank')}
            </Descriptions.Item>
            <Descriptions.Item label={t('opsConsole.shop.bank')}>
              {bankName(paymentMethod.bank)}
            </Descriptions.Item>
            <Descriptions.Item label={t('opsConsole.shop.branch')}>
              {bankName(paymentMethod.branch)}
            </Descriptions.Item>
            <Descriptions.Item label={t('opsConsole.shop.routingNumber')}>
              <span className="ops-mono">{paymentMethod.routingNumber}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('opsConsole.shop.accountName')}>
              {paymentMethod.accountName}
            </Descriptions.Item>
            <Descriptions.Item label={t('opsConsole.shop.accountNumber')}>
              <span className="ops-mono">{paymentMethod.accountNumberMasked}</span>
            </Descriptions.Item>
            {paymentChanged}
          </Descriptions>
        ) : (
          <Descriptions column={{ xs: 1, sm: 1, md: 2 }} size="small">
            <Descriptions.Item label={t('opsConsole.shop.method')}>
              {t('opsConsole.shop.methodBkash')}
            </Descriptions.Item>
            <Descriptions.Item label={t('opsConsole.shop.walletNumber')}>
              <span className="ops-mono">{paymentMethod.walletNumberMasked}</span>
            </Descriptions.Item>
            {paymentChanged}
          </Descriptions>
        )}
      </Section>

      <Section title={t('opsConsole.shop.members', { n: formatNumber(members.length, language) })}>
        <Table<Member>
          className="ops-table"
          rowKey="userId"
          size="small"
          columns={memberColumns}
          dataSource={members}
          pagination={false}
        />
      </Section>

      <Section
        title={t('opsConsole.shop.pickupLocations', { n: formatNumber(pickupLocations.length, language) })}
      >
        <Table<Pickup>
          className="ops-table"
          rowKey="id"
          size="small"
          columns={pickupColumns}
          dataSource={pickupLocations}
          pagination={false}
          locale={{ emptyText: t('opsConsole.shop.noPickups') }}
        />
      </Section>
    </div>
  );
}
