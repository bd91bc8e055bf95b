import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/light/alert';
import { MegaphoneIcon } from '../../../components/light/icons';
import { useLanguage } from '../../../lib/i18n';
import { bannerText, useLiveBanners } from '../api/banners';
import { BannerLink } from './banner-parts';
import './banners.css';

const dismissedKey = 'dak.banner.dismissed';

function dismissedIds(): string[] {
  try {
    return JSON.parse(window.sessionStorage.getItem(dismissedKey) ?? '[]') as string[];
  } catch {
    return [];
  }
}

/**
 * The campaign's header banner above every page of the panel (one at most: the server keeps one).
 * Closing it hides it for this browser session; a new header banner shows again.
 */
export function HeaderBanner({ shopId }: { shopId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const banners = useLiveBanners(shopId);
  const [dismissed, setDismissed] = useState(dismissedIds);
  const header = banners.data?.header;
  if (!header || dismissed.includes(header.id)) return null;
  const { title, body } = bannerText(header, language);
  const dismiss = () => {
    const next = [...dismissed, header.id];
    setDismissed(next);
    try {
      window.sessionStorage.setItem(dismissedKey, JSON.stringify(next));
    } catch {}
  };
  return (
    <Alert
      className="header-banner"
      data-testid="header-banner"
      type="info"
      icon={<MegaphoneIcon />}
      role="region"
      aria-label={t('banners.headerLabel')}
      title={<span lang={language}>{title}</span>}
      description={
        <span lang={language}>
          {body} {header.link ? <BannerLink to={header.link} label={t('banners.more')} /> : null}
        </span>
      }
      closeLabel={t('banners.dismiss')}
      onClose={dismiss}
    />
  );
}
