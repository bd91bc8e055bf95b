import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type QuickLink = {
  key: 'book' | 'bulk' | 'parcels' | 'track' | 'returns' | 'payments' | 'pickup';
  to: string;
};

/** Where a merchant goes next from the dashboard; the page leaves out what the member may not do. */
export function QuickLinks({ links }: { links: QuickLink[] }) {
  const { t } = useTranslation();
  return (
    <nav className="dashboard__card quick-links" aria-labelledby="quick-links-title">
      <h2 id="quick-links-title" className="dashboard-overview__title">
        {t('dashboard.quickLinks.title')}
      </h2>
      <ul className="quick-links__list">
        {links.map((link) => (
          <li key={link.key}>
            <Link to={link.to} className="quick-link">
              {t(`dashboard.quickLinks.${link.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
