import type { Lang } from '@dak/domain/public-site';
import type { ReactNode } from 'react';
import { type Dictionary, dictionaries, hrefOf } from './i18n';

type NavKey = 'track' | 'coverage' | 'courier' | 'enterprise' | 'faq' | 'blog';
const navItems: { key: NavKey; path: string }[] = [
  { key: 'coverage', path: '/coverage' },
  { key: 'courier', path: '/courier' },
  { key: 'enterprise', path: '/enterprise' },
  { key: 'faq', path: '/faq' },
  { key: 'blog', path: '/blog' },
];

/** Header, navigation, language switch and footer around every public page. */
export function Layout(props: { lang: Lang; path: string; search: string; children: ReactNode }) {
  const { lang, path } = props;
  const t: Dictionary = dictionaries[lang];
  const other: Lang = lang === 'en' ? 'bn' : 'en';
  const current = (itemPath: string) => path === itemPath || path.startsWith(`${itemPath}/`);
  return (
    <>
      <a className="skip" href="#main">
        {t.skip}
      </a>
      <header className="site-header">
        <div className="wrap site-header__row">
          <a className="logo" href={hrefOf(lang, '/')} aria-label={`${t.brand} — ${t.home.title}`}>
            <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
              <rect width="32" height="32" rx="8" fill="#006a4e" />
              <path d="M8 11h16v11H8z" fill="#fff" />
              <path d="M8 11l8 6 8-6" fill="none" stroke="#f42a41" strokeWidth="2" />
            </svg>
            <span>{t.brand}</span>
          </a>
          <div className="site-header__actions">
            <a
              className="lang-switch"
              href={`${hrefOf(other, path)}${props.search}`}
              hrefLang={other}
              onClick={(event) => {
                // The calculator keeps its inputs in the address: carry them to the other language.
                event.currentTarget.href = `${hrefOf(other, path)}${window.location.search}`;
              }}
            >
              {/* The name says what shows ("বাংলা"), then what it does, for a screen reader and for
                  voice control, which clicks a link by the words seen on it. */}
              <span lang={other}>{t.switchTo}</span>
              <span className="visually-hidden"> — {t.switchLabel}</span>
            </a>
            <a className="btn btn--small" href="/login">
              {t.nav.login}
            </a>
            <a className="btn btn--small btn--primary" href="/register">
              {t.nav.signup}
            </a>
          </div>
        </div>
        <nav className="wrap site-nav" aria-label={t.nav.label}>
          <ul>
            {navItems.map((item) => (
              <li key={item.key}>
                <a href={hrefOf(lang, item.path)} aria-current={current(item.path) ? 'page' : undefined}>
                  {t.nav[item.key]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="site-main">
        {props.children}
      </main>
      <footer className="site-footer">
        <div className="wrap">
          <p className="site-footer__tagline">{t.footer.tagline}</p>
          <ul className="site-footer__links">
            <li>
              <a href={hrefOf(lang, '/')}>{t.nav.track}</a>
            </li>
            {navItems.map((item) => (
              <li key={item.key}>
                <a href={hrefOf(lang, item.path)}>{t.nav[item.key]}</a>
              </li>
            ))}
          </ul>
          <p className="site-footer__company">{t.footer.company}</p>
        </div>
      </footer>
    </>
  );
}
