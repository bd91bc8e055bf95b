import type { SiteProps } from '@dak/domain/public-site';
import { hydrateRoot } from 'react-dom/client';
// The site's own styles first, then each page's (imported by the page), in that cascade order.
import './site.css';
import { SiteApp } from './app';

/**
 * The browser's half of the public site: React, our small components and the page's props from
 * the server; no antd, router or i18next (they load only with the panel).
 */
const data = document.getElementById('site-props')?.textContent;
const root = document.getElementById('root');
if (data && root) {
  const props = JSON.parse(data) as SiteProps;
  // The panel (sign-up, log-in) opens in the language the visitor reads the site in.
  try {
    window.localStorage.setItem('dak.lang', props.lang);
  } catch {
    // private mode: the panel falls back to English
  }
  hydrateRoot(root, <SiteApp {...props} />);
}
