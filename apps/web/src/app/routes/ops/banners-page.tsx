import { useTranslation } from 'react-i18next';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import { BannersRoom } from '../../../features/ops-banners/components/banners-room';

/** Campaign banners and what's new in the merchant panel. */
export function BannersPage() {
  const { t } = useTranslation();
  return (
    <>
      <OpsPageHeader title={t('opsConsole.banners.title')} subtitle={t('opsConsole.banners.subtitle')} />
      <div className="ops-panel">
        <BannersRoom />
      </div>
    </>
  );
}
