import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { AppLayout, type NavItem } from './app-layout';

const links: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/parcels', label: 'Parcels', end: true },
  { to: '/settings', label: 'Settings' },
];

/** The frame alone, as the app will render it: a router, and no antd provider above it. */
function renderFrame(url = '/dashboard') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AppLayout links={links} actions={<button type="button">Log out</button>}>
        <p>The page</p>
      </AppLayout>
    </MemoryRouter>,
  );
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the panel frame', () => {
  it('shows the bar, the page and the footer with no antd provider above it', () => {
    renderFrame();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).className).toContain('active');
    expect(within(nav).getByRole('link', { name: 'Parcels' }).className).not.toContain('active');
    expect(screen.getByRole('main').textContent).toBe('The page');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Staff login' }).getAttribute('href')).toBe('/ops/login');
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
  });

  it('opens the menu in a side panel: focus inside, Escape closes it and focus returns', () => {
    renderFrame();
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    fireEvent.click(button);
    const panel = screen.getByRole('dialog', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.contains(document.activeElement)).toBe(true);
    expect(
      within(panel)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Parcels', 'Settings']);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('closes the side panel when a link in it is followed', () => {
    renderFrame();
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Parcels' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Parcels' }).className).toContain('active');
  });

  it('names the menu in Bengali in the Bengali panel', async () => {
    await i18n.changeLanguage('bn');
    renderFrame();
    fireEvent.click(screen.getByRole('button', { name: 'মেনু' }));
    expect(screen.getByRole('dialog', { name: 'মেনু' })).toBeTruthy();
  });
});
