import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OpsLoadError } from '../../../components/ops/ops-error';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import { useFeatureFlags } from '../../../features/ops-flags/api/list-feature-flags';
import { FeatureFlagsTable } from '../../../features/ops-flags/components/feature-flags-table';

/** Feature flags: switch a feature, roll it out to a share of shops, or name shops that always get it. */
export function FlagsPage() {
  const { t } = useTranslation();
  const flags = useFeatureFlags();
  return (
    <>
      <OpsPageHeader title={t('opsConsole.flags.title')} subtitle={t('opsConsole.flags.subtitle')} />
      <div className="ops-panel">
        {flags.isError ? (
          <OpsLoadError error={flags.error} onRetry={() => void flags.refetch()} />
        ) : (
          <>
            <Typography.Paragraph type="secondary" className="ops-hint">
              {t('opsConsole.flags.hint')}
            </Typography.Paragraph>
            <FeatureFlagsTable data={flags.data} loading={flags.isPending} />
          </>
        )}
      </div>
    </>
  );
}
