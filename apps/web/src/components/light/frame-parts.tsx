import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localizeDigits } from '../../lib/format';
import { useLanguage } from '../../lib/i18n';

/** The first thing a keyboard reaches on every page: a jump past the top bar to the page. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main">
      {t('app.skipToContent')}
    </a>
  );
}

/** The brand in the top bar, linking home. */
export function BrandLink() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="top-nav__brand" aria-label={t('app.brand')}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span>{t('app.brand')}</span>
    </Link>
  );
}

/** The footer of the panel and of the signed-out pages: the year in the page's digits, staff sign-in. */
export function FrameFooter({ className }: { className?: string }) {
  const { t } = useTranslation();
  const year = localizeDigits(String(new Date().getFullYear()), useLanguage());
  return (
    <footer className={className ? `app-footer ${className}` : 'app-footer'}>
      <div className="page-width page-padding app-footer__inner">
        <span>{t('footer.about', { year })}</span>
        <Link to="/ops/login">{t('footer.staffLogin')}</Link>
      </div>
    </footer>
  );
}
