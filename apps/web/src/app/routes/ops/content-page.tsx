import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import { BlogTab } from '../../../features/ops-content/components/blog-tab';
import { BoothsTab } from '../../../features/ops-content/components/booths-tab';
import { FaqTab } from '../../../features/ops-content/components/faq-tab';
import { TruckTypesTab } from '../../../features/ops-content/components/truck-types-tab';
import '../../../features/ops-content/components/content.css';

const tabs = ['faq', 'blog', 'booths', 'trucks'] as const;
type ContentTab = (typeof tabs)[number];

/** The public site's content: FAQ, blog posts, courier booths and truck types; the tab lives in the URL. */
export function ContentPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const active: ContentTab = tabs.find((tab) => tab === params.get('tab')) ?? 'faq';
  return (
    <>
      <OpsPageHeader title={t('opsConsole.content.title')} subtitle={t('opsConsole.content.subtitle')} />
      <div className="ops-panel">
        <Tabs
          activeKey={active}
          onChange={(key) => setParams(key === 'faq' ? {} : { tab: key }, { replace: true })}
          items={[
            { key: 'faq', label: t('opsConsole.content.tabs.faq'), children: <FaqTab /> },
            { key: 'blog', label: t('opsConsole.content.tabs.blog'), children: <BlogTab /> },
            { key: 'booths', label: t('opsConsole.content.tabs.booths'), children: <BoothsTab /> },
            { key: 'trucks', label: t('opsConsole.content.tabs.trucks'), children: <TruckTypesTab /> },
          ]}
        />
      </div>
    </>
  );
}
