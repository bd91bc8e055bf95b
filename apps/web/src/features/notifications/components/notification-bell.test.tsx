import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAuth, setAuth } from '../../../lib/auth-storage';
import { i18n } from '../../../lib/i18n';
import { HttpResponse, http, recordRequests, server } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { NotificationBell } from './notification-bell';

const shopId = '00000000-0000-4000-8000-000000000001';
const base = `/api/v1/shops/${shopId}`;
const failed = {
  id: '20000000-0000-4000-8000-000000000001',
  kind: 'delivery_failed',
  params: { trackingId: 'DK123', reason: 'customer_refused', deadline: '2026-11-23T06:00:00.000Z' },
  link: '/parcels/30000000-0000-4000-8000-000000000001',
  readAt: null,
  createdAt: '2026-11-22T06:00:00.000Z',
};
const returned = {
  id: '20000000-0000-4000-8000-000000000002',
  kind: 'parcel_returned',
  params: { trackingId: 'DK456' },
  link: null,
  readAt: '2026-11-22T07:00:00.000Z',
  createdAt: '2026-11-22T05:00:00.000Z',
};

afterEach(async () => {
  clearAuth();
  await i18n.changeLanguage('en');
});

/** An events stream the test pushes into, as the server would. */
function aStream() {
  const encoder = new TextEncoder();
  let push: (text: string) => void = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(encoder.encode(text));
      controller.enqueue(encoder.encode('retry: 3000\n: connected\n\n'));
    },
  });
  return { body, push: (text: string) => push(text) };
}

describe('the notification bell', () => {
  it('shows the unread count, lists the notifications in words, and opens one (marked read) at its link', async () => {
    setAuth({ kind: 'user', token: 'token-1' });
    let unread = 1;
    const requests = recordRequests();
    server.use(
      http.get(`${base}/notifications/unread-count`, () => HttpResponse.json({ count: unread })),
      http.get(`${base}/notifications`, () => HttpResponse.json({ items: [failed, returned], count: 2 })),
      http.post(`${base}/notifications/${failed.id}/read`, () => {
        unread = 0;
        return HttpResponse.json({ ...failed, readAt: '2026-11-22T08:00:00.000Z' });
      }),
      http.get(
        `${base}/events`,
        () => new HttpResponse(aStream().body, { headers: { 'content-type': 'text/event-stream' } }),
      ),
    );
    const view = renderWithApp(<NotificationBell shopId={shopId} />, { url: '/dashboard' });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    fireEvent.click(bell);
    const items = await screen.findAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    expect(
      within(items[0] as HTMLElement).getByText(
        'Parcel DK123 could not be delivered (Customer refused the parcel). Decide by 2026-11-23 12:00 or it comes back to you.',
      ),
    ).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Parcel DK456 was returned to you.')).toBeTruthy();
    fireEvent.click(within(items[0] as HTMLElement).getByRole('button'));
    await waitFor(() => expect(view.location().pathname).toBe(failed.link));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && r.url.pathname.endsWith(`${failed.id}/read`))).toBe(
        true,
      ),
    );
    await screen.findByRole('button', { name: 'Notifications, 0 unread' });
  });

  it('shows a streamed notification as a toast with the bearer token in the header, and counts it', async () => {
    setAuth({ kind: 'user', token: 'token-2' });
    let unread = 0;
    const stream = aStream();
    let authorization: string | null = null;
    server.use(
      http.get(`${base}/notifications/unread-count`, () => HttpResponse.json({ count: unread })),
      http.get(`${base}/events`, ({ request }) => {
        authorization = request.headers.get('authorization');
        return new HttpResponse(stream.body, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    const view = renderWithApp(
      <>
        <NotificationBell shopId={shopId} />
        <ToastContainer autoClose={8000} closeOnClick={false} />
      </>,
      { url: '/parcels' },
    );
    await screen.findByRole('button', { name: 'Notifications, 0 unread' });
    await waitFor(() => expect(authorization).toBe('Bearer token-2'));
    unread = 1;
    act(() => stream.push(`id: ${failed.id}\nevent: notification\ndata: ${JSON.stringify(failed)}\n\n`));
    const toast = await screen.findByTestId('notification-toast');
    expect(toast.textContent).toContain('Parcel DK123 could not be delivered');
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    // A click on the toast opens its link (and does not just close it).
    server.use(http.post(`${base}/notifications/${failed.id}/read`, () => HttpResponse.json(failed)));
    fireEvent.click(toast);
    await waitFor(() => expect(view.location().pathname).toBe(failed.link));
  });

  it('counts and words the deadline in Bengali digits in the Bengali panel', async () => {
    setAuth({ kind: 'user', token: 'token-3' });
    await i18n.changeLanguage('bn');
    server.use(
      http.get(`${base}/notifications/unread-count`, () => HttpResponse.json({ count: 12 })),
      http.get(`${base}/notifications`, () => HttpResponse.json({ items: [failed], count: 1 })),
      http.get(
        `${base}/events`,
        () => new HttpResponse(aStream().body, { headers: { 'content-type': 'text/event-stream' } }),
      ),
    );
    renderWithApp(<NotificationBell shopId={shopId} />, { url: '/dashboard' });
    const bell = await screen.findByRole('button', { name: 'নোটিফিকেশন, ১২টি পড়া হয়নি' });
    // The count on the bell (plain markup, no antd Badge) in Bengali digits too.
    expect(bell.textContent).toBe('১২');
    fireEvent.click(bell);
    const [item] = await screen.findAllByTestId('notification-item');
    expect(item?.textContent).toContain('২০২৬-১১-২৩ ১২:০০ এর মধ্যে');
  });
});
