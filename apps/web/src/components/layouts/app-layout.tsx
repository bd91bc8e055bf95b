import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, NavLink, useLocation } from 'react-router';
import { Button } from '../light/button';
import { BrandLink, FrameFooter, SkipLink } from '../light/frame-parts';
import { DownIcon, MenuIcon } from '../light/icons';
import { SidePanel } from '../light/side-panel';
import { wideQuery } from '../light/use-phone';
import { LanguageSelect } from '../ui/language-select';

export type NavItem = { to: string; label: string /** Active only on this exact path. */; end?: boolean };

type AppLayoutProps = {
  links: NavItem[];
  /** The right end of the bar: sign-in buttons or the signed-in person's actions. */
  actions: ReactNode;
  children: ReactNode;
};

/** The gap between the bar's links (`.top-nav__links`), in px. */
const linkGap = 4;

/**
 * How many links fit in the bar, the rest going under "More": measured from an invisible copy of
 * the links and the More button, again whenever the bar or the words change width (a resized
 * window, another language, a font that finished loading).
 */
function useLinksThatFit(links: NavItem[]) {
  const barRef = useRef<HTMLElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [count, setCount] = useState(links.length);
  const words = links.map((link) => link.label).join('\n');

  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the words change
  useLayoutEffect(() => {
    const bar = barRef.current;
    const measure = measureRef.current;
    if (!bar || !measure) return;
    const wide = window.matchMedia?.(wideQuery);
    const fit = () => {
      // Hidden below the breakpoint (app-shell.css): measuring would only force a layout before
      // the first paint (issue 16).
      if (wide && !wide.matches) return;
      const widths = [...measure.children].map((child) => child.getBoundingClientRect().width);
      const more = widths.pop() ?? 0;
      const available = bar.clientWidth;
      if (available === 0) return; // hidden: the side panel shows the links
      let used = 0;
      let fitting = 0;
      widths.forEach((width, index) => {
        used += width + (index > 0 ? linkGap : 0);
        const last = index === widths.length - 1;
        if (used + (last ? 0 : linkGap + more) <= available) fitting = index + 1;
      });
      setCount(fitting);
    };
    fit();
    // Widening past the breakpoint shows the bar, which the observer then sees at its new size.
    const observer = new ResizeObserver(fit);
    observer.observe(bar);
    observer.observe(measure);
    return () => observer.disconnect();
  }, [words]);

  return { barRef, measureRef, count };
}

/**
 * "More": a button that shows the links that did not fit in a list under it (a disclosure, not a
 * menu: Tab moves through the links, the arrow keys too). Escape, a click elsewhere or following
 * a link closes it.
 */
function MoreLinks({ folded, active }: { folded: NavItem[]; active: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on navigation
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const root = rootRef.current;
    const onPointer = (event: PointerEvent) => {
      if (!root?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        setOpen(false);
        buttonRef.current?.focus();
        return;
      }
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      if (!root?.contains(document.activeElement)) return;
      const items = [...root.querySelectorAll<HTMLAnchorElement>('.top-nav__more-link')];
      if (items.length === 0) return;
      event.preventDefault();
      const at = items.indexOf(document.activeElement as HTMLAnchorElement);
      const down = event.key === 'ArrowDown';
      const next =
        at === -1 ? (down ? 0 : items.length - 1) : (at + (down ? 1 : -1) + items.length) % items.length;
      items[next]?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="top-nav__more-wrap" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={`top-nav__link top-nav__more${active ? ' active' : ''}`}
        aria-expanded={open}
        aria-controls="main-nav-more"
        onClick={() => setOpen((value) => !value)}
      >
        {t('nav.more')} <DownIcon className="top-nav__more-icon" />
      </button>
      {open ? (
        <ul id="main-nav-more" className="top-nav__more-list">
          {folded.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className="top-nav__more-link">
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The links in the top bar: as many as fit, then a "More" list with the rest. */
function BarLinks({ links }: { links: NavItem[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { barRef, measureRef, count } = useLinksThatFit(links);
  const shown = links.slice(0, count);
  const folded = links.slice(count);
  const isActive = (link: NavItem) => matchPath({ path: link.to, end: link.end ?? false }, pathname) !== null;

  return (
    <nav id="main-nav" aria-label={t('nav.main')} className="top-nav__links" ref={barRef}>
      {shown.map((link) => (
        <NavLink key={link.to} to={link.to} end={link.end} className="top-nav__link">
          {link.label}
        </NavLink>
      ))}
      {folded.length > 0 ? <MoreLinks folded={folded} active={folded.some(isActive)} /> : null}
      {/* The words are drawn from data-label by CSS, so the copy adds no text to the page. */}
      <div className="top-nav__measure" ref={measureRef} aria-hidden>
        {links.map((link) => (
          <span key={link.to} className="top-nav__link" data-label={link.label} />
        ))}
        <span className="top-nav__link top-nav__more" data-label={t('nav.more')}>
          <DownIcon className="top-nav__more-icon" />
        </span>
      </div>
    </nav>
  );
}

/**
 * The one shell: top bar (brand, links, language, account), the page, a footer. From 992 px the
 * links that fit are in the bar and the rest under "More"; below, all fold into a menu button
 * that opens them in a side panel. Plain React and CSS: no antd, nor its providers, above or
 * inside it (issue 16).
 */
export function AppLayout({ links, actions, children }: AppLayoutProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  // Following a link closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <div className="app-layout">
      <SkipLink />
      <header className="top-nav">
        <div className="top-nav__inner page-width">
          <BrandLink />
          {links.length > 0 ? <BarLinks links={links} /> : null}
          <div className="top-nav__spacer" />
          <LanguageSelect />
          <div className="top-nav__actions">{actions}</div>
          {links.length > 0 ? (
            <Button
              id="main-menu-button"
              className="top-nav__menu-button"
              icon={<MenuIcon />}
              aria-label={t('nav.menu')}
              aria-expanded={menuOpen}
              aria-controls="main-menu"
              onClick={() => setMenuOpen(true)}
            />
          ) : null}
        </div>
      </header>
      {links.length > 0 ? (
        <SidePanel
          id="main-menu"
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          title={t('nav.menu')}
          closeLabel={t('actions.close')}
          className="menu-drawer"
        >
          <nav aria-label={t('nav.main')} className="menu-drawer__links">
            {links.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.end} className="menu-drawer__link">
                {link.label}
              </NavLink>
            ))}
          </nav>
        </SidePanel>
      ) : null}
      <main id="main" className="app-content" tabIndex={-1}>
        <div className="page-width page-padding">{children}</div>
      </main>
      <FrameFooter />
    </div>
  );
}
