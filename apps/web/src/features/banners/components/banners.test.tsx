import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAuth, setAuth } from '../../../lib/auth-storage';
import { i18n } from '../../../lib/i18n';
import { HttpResponse, http, recordRequests, server } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { HeaderBanner } from './header-banner';
import { PopupBanner } from './popup-banner';

const shopId = '00000000-0000-4000-8000-000000000001';
const base = `/api/v1/shops/${shopId}/banners`;
const banner = (id: string, kind: string, title: string) => ({
  id: `40000000-0000-4000-8000-00000000000${id}`,
  kind,
  titleEn: title,
  titleBn: `${title} (বাংলা)`,
  bodyEn: `${title}: more words`,
  bodyBn: `${title}: আরও কথা`,
  link: null,
  imageUrl: null,
  startsAt: '2026-11-22T00:00:00.000Z',
  endsAt: '2026-12-22T00:00:00.000Z',
});
const eid = banner('1', 'popup', 'Eid pickups');
const hub = banner('2', 'popup', 'Hub moved');
const header = banner('3', 'header', 'COD next day');

/** The popup behind a switch, as the shell holds it until the terms and the tour are done. */
function Gated() {
  const [enabled, setEnabled] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setEnabled(true)}>
        enable
      </button>
      <PopupBanner shopId={shopId} enabled={enabled} />
    </>
  );
}

afterEach(async () => {
  clearAuth();
  window.sessionStorage.clear();
  await i18n.changeLanguage('en');
});

describe('popup banners', () => {
  it('shows one popup at a time, marks each seen once as it shows, and waits while not enabled', async () => {
    setAuth({ kind: 'user', token: 'token-1' });
    const requests = recordRequests();
    server.use(
      http.get(base, () => HttpResponse.json({ header: null, popups: [eid, hub], whatsNew: [] })),
      http.post(`${base}/:id/seen`, () => HttpResponse.json({ ok: true })),
    );
    const seen = () =>
      requests
        .filter((r) => r.method === 'POST' && r.url.pathname.endsWith('/seen'))
        .map((r) => r.url.pathname);
    renderWithApp(<Gated />, { url: '/dashboard' });
    await waitFor(() => expect(requests.some((r) => r.url.pathname === base)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('popup-banner')).toBeNull();
    expect(seen()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'enable' }));
    expect((await screen.findByTestId('popup-banner')).textContent).toContain('Eid pickups: more words');
    await waitFor(() => expect(seen()).toEqual([`${base}/${eid.id}/seen`]));
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('popup-banner').textContent).toContain('Hub moved'));
    await waitFor(() => expect(seen()).toEqual([`${base}/${eid.id}/seen`, `${base}/${hub.id}/seen`]));
  });
});

describe('the header banner', () => {
  it('in the panel\u2019s language, hidden for the session once closed', async () => {
    setAuth({ kind: 'user', token: 'token-1' });
    await i18n.changeLanguage('bn');
    server.use(http.get(base, () => HttpResponse.json({ header, popups: [], whatsNew: [] })));
    const view = renderWithApp(<HeaderBanner shopId={shopId} />, { url: '/dashboard' });
    expect((await screen.findByTestId('header-banner')).textContent).toContain('COD next day (বাংলা)');
    fireEvent.click(screen.getByRole('button', { name: 'এই ঘোষণাটি লুকান' }));
    await waitFor(() => expect(screen.queryByTestId('header-banner')).toBeNull());
    view.unmount();
    const requests = recordRequests();
    renderWithApp(<HeaderBanner shopId={shopId} />, { url: '/dashboard' });
    await waitFor(() => expect(requests.some((r) => r.url.pathname === base)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('header-banner')).toBeNull();
  });
});
