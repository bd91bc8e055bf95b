import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { bannerText, useLiveBanners } from '../api/banners';
import { BannerImage, BannerLink } from './banner-parts';
import './banners.css';

/** What's new at Dak for this shop, newest first, on the dashboard; nothing when there is none. */
export function WhatsNewCard({ shopId }: { shopId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const banners = useLiveBanners(shopId);
  const items = banners.data?.whatsNew ?? [];
  if (items.length === 0) return null;
  return (
    <section className="dashboard__card whats-new" aria-labelledby="whats-new-title" data-testid="whats-new">
      <h2 id="whats-new-title" className="dashboard__card-title">
        {t('banners.whatsNew')}
      </h2>
      <ul className="whats-new__list">
        {items.map((item) => {
          const { title, body } = bannerText(item, language);
          return (
            <li key={item.id} className="whats-new__item" lang={language}>
              <BannerImage path={item.imageUrl} alt="" className="whats-new__image" />
              <div className="whats-new__text">
                <strong className="whats-new__title">{title}</strong>
                <p className="whats-new__body">{body}</p>
                <span className="whats-new__meta">
                  <time dateTime={item.startsAt.toISOString()}>{formatDate(item.startsAt, language)}</time>
                  {item.link ? <BannerLink to={item.link} label={t('banners.more')} /> : null}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
