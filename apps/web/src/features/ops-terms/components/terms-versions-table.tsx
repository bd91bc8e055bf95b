import { Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/ops/date-time';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import type { TermsVersionItem, TermsVersionList } from '../api/list-terms-versions';

/** One language's text of a version, under its heading. */
function TermsText({ title, lang, body }: { title: string; lang: 'en' | 'bn'; body: string }) {
  return (
    <section>
      <Typography.Title level={3} className="ops-subheading">
        {title}
      </Typography.Title>
      <div className="terms-text" lang={lang}>
        {body}
      </div>
    </section>
  );
}

/** The versions, newest first; a row opens to show its English and Bengali text side by side. */
export function TermsVersionsTable({
  data,
  loading,
}: {
  data: TermsVersionList | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const current = data?.items[0]?.version;
  const columns: TableColumnsType<TermsVersionItem> = [
    {
      key: 'version',
      title: t('opsConsole.terms.columns.version'),
      width: '36%',
      render: (_, item) => (
        <span className="terms-version">
          <strong>{t('opsConsole.terms.versionN', { n: formatNumber(item.version, language) })}</strong>{' '}
          {item.version === current ? <Tag color="green">{t('opsConsole.terms.inForce')}</Tag> : null}
        </span>
      ),
    },
    {
      key: 'published',
      title: t('opsConsole.terms.columns.published'),
      render: (_, item) => (
        <>
          <DateTime value={item.publishedAt} />
          <span className="ops-secondary">{item.publishedBy?.name ?? t('opsConsole.terms.bySystem')}</span>
        </>
      ),
    },
    {
      key: 'accepted',
      title: t('opsConsole.terms.columns.accepted'),
      responsive: ['sm'],
      align: 'right',
      render: (_, item) => formatNumber(item.acceptedShops, language),
    },
  ];
  return (
    <Table<TermsVersionItem>
      className="ops-table"
      rowKey="version"
      tableLayout="fixed"
      columns={columns}
      dataSource={data?.items ?? []}
      loading={loading}
      pagination={false}
      expandable={{
        expandedRowRender: (item) => (
          <div className="ops-grid ops-grid--two">
            <TermsText title={t('opsConsole.terms.english')} lang="en" body={item.bodyEn} />
            <TermsText title={t('opsConsole.terms.bengali')} lang="bn" body={item.bodyBn} />
          </div>
        ),
      }}
    />
  );
}
