import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpsLoadError } from '../../../components/ops/ops-error';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import { useTermsVersions } from '../../../features/ops-terms/api/list-terms-versions';
import { PublishTermsDialog } from '../../../features/ops-terms/components/publish-terms-dialog';
import { TermsVersionsTable } from '../../../features/ops-terms/components/terms-versions-table';

/** Terms and conditions: the versions so far, and publishing the next one in both languages. */
export function TermsPage() {
  const { t } = useTranslation();
  const versions = useTermsVersions();
  const [publishing, setPublishing] = useState(false);
  const current = versions.data?.items[0] ?? null;

  return (
    <>
      <OpsPageHeader
        title={t('opsConsole.terms.title')}
        subtitle={t('opsConsole.terms.subtitle')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setPublishing(true)}
            disabled={!versions.data}
          >
            {t('opsConsole.terms.newVersion')}
          </Button>
        }
      />
      <div className="ops-panel">
        {versions.isError ? (
          <OpsLoadError error={versions.error} onRetry={() => void versions.refetch()} />
        ) : (
          <TermsVersionsTable data={versions.data} loading={versions.isPending} />
        )}
      </div>
      {versions.data ? (
        <PublishTermsDialog open={publishing} onClose={() => setPublishing(false)} current={current} />
      ) : null}
    </>
  );
}
