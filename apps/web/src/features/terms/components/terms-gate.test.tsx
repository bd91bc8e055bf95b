import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAuth, setAuth } from '../../../lib/auth-storage';
import { HttpResponse, http, recordRequests, server } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { TermsGate } from './terms-gate';

const shopId = '00000000-0000-4000-8000-000000000009';
const current = {
  version: 3,
  bodyEn: 'Parcels are insured up to their declared value.\n\nCash is paid the next day.',
  bodyBn: 'পার্সেল ঘোষিত মূল্য পর্যন্ত বিমা করা।',
  publishedAt: '2026-11-20T06:00:00.000Z',
};

afterEach(() => {
  clearAuth();
  window.sessionStorage.clear();
});

describe('the terms gate', () => {
  it('opens the terms in a dialog loaded on demand; Later leaves a banner that opens it again; Accept accepts', async () => {
    setAuth({ kind: 'user', token: 'token-terms' });
    let accepted = false;
    const requests = recordRequests();
    server.use(
      http.get(`/api/v1/shops/${shopId}/terms`, () => HttpResponse.json({ current, accepted, history: [] })),
      http.put(`/api/v1/shops/${shopId}/terms/accept`, () => {
        accepted = true;
        return HttpResponse.json({ current, accepted, history: [] });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<TermsGate shopId={shopId} canAccept />, { url: '/dashboard' });
    const dialog = await screen.findByRole('dialog', { name: 'Please accept the terms and conditions' });
    expect(dialog.textContent).toContain('Parcels are insured up to their declared value.');

    await user.click(screen.getByRole('button', { name: 'Later' }));
    const read = await screen.findByRole('button', { name: 'Read' });
    expect(screen.getByText('This shop has not accepted the current terms and conditions.')).toBeTruthy();

    await user.click(read);
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'PUT' && r.url.search === '?version=3')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Read' })).toBeNull());
  });

  it('shows nothing, and loads no dialog, when the terms are accepted', async () => {
    setAuth({ kind: 'user', token: 'token-terms' });
    server.use(
      http.get(`/api/v1/shops/${shopId}/terms`, () =>
        HttpResponse.json({ current, accepted: true, history: [] }),
      ),
    );
    const { container } = renderWithApp(<TermsGate shopId={shopId} canAccept />, { url: '/dashboard' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(container.textContent).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
