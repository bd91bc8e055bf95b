import { createHmac, timingSafeEqual } from 'node:crypto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAuth, setAuth } from '../../../lib/auth-storage';
import { i18n } from '../../../lib/i18n';
import { HttpResponse, http, recordRequests, server } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { verifySnippet } from './verify-snippet';
import { WebhooksSection } from './webhooks-section';

const shopId = '00000000-0000-4000-8000-000000000001';
const base = `/api/v1/shops/${shopId}/webhooks`;
const hookId = '50000000-0000-4000-8000-000000000001';
const secret = 'whsec_9f2c4a7be1d84c06a3f5e2b7c9d01e8f4a6b3c2d1e0f9a8b';

const aWebhook = (fields: Record<string, unknown> = {}) => ({
  id: hookId,
  url: 'https://shop.example.com/dak/webhook',
  events: ['parcel.status_changed'],
  format: 'dak',
  status: 'active',
  disabledReason: null,
  failingSince: null,
  lastDeliveryAt: null,
  createdAt: '2026-11-20T06:00:00.000Z',
  ...fields,
});

const aDelivery = (n: number, fields: Record<string, unknown> = {}) => ({
  id: `60000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  event: 'parcel.status_changed',
  trackingId: `DK2611${n}`,
  status: 'succeeded',
  attempts: 1,
  responseCode: 200,
  responseBody: '{"ok":true}',
  requestBody: `{"id":"evt_${n}","type":"parcel.status_changed","data":{"trackingId":"DK2611${n}","status":"delivered"}}`,
  durationMs: 84,
  createdAt: '2026-11-22T08:15:30.000Z',
  lastAttemptAt: '2026-11-22T08:15:31.000Z',
  nextAttemptAt: null,
  ...fields,
});

afterEach(async () => {
  clearAuth();
  await i18n.changeLanguage('en');
});

const posts = (requests: ReturnType<typeof recordRequests>, suffix = '') =>
  requests.filter((r) => r.method === 'POST' && r.url.pathname === `${base}${suffix}`);

describe('adding a webhook', () => {
  it('checks the URL and the events by the shared rules, in the spec’s words, before sending anything', async () => {
    setAuth({ kind: 'user', token: 'token-1' });
    const requests = recordRequests();
    server.use(http.get(base, () => HttpResponse.json({ items: [] })));
    const user = userEvent.setup();
    renderWithApp(<WebhooksSection shopId={shopId} />, { url: '/developer-apis?tab=webhooks' });
    await screen.findByText('No webhooks yet.');

    // Nothing typed, and every event unticked.
    await user.click(screen.getByRole('checkbox', { name: /Parcel status changed/ }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('Enter a full URL starting with https://')).toBeTruthy();
    expect(await screen.findByText('Choose at least one event')).toBeTruthy();

    // Not a web address, or one with credentials in it.
    const url = screen.getByLabelText('Webhook URL');
    for (const bad of [
      'shop.example.com/hook',
      'ftp://shop.example.com/hook',
      'https://user:pw@shop.example.com/',
    ]) {
      fireEvent.change(url, { target: { value: bad } });
      await user.click(screen.getByRole('button', { name: 'Add webhook' }));
      expect(await screen.findByText('Enter a full URL starting with https://')).toBeTruthy();
    }
    expect(posts(requests)).toEqual([]);
  });

  it('says the rules in Bengali in the Bengali panel', async () => {
    setAuth({ kind: 'user', token: 'token-2' });
    await i18n.changeLanguage('bn');
    server.use(http.get(base, () => HttpResponse.json({ items: [] })));
    const user = userEvent.setup();
    renderWithApp(<WebhooksSection shopId={shopId} />);
    await screen.findByText('এখনো কোনো ওয়েবহুক নেই।');
    await user.click(screen.getByRole('checkbox', { name: /পার্সেলের স্ট্যাটাস বদল/ }));
    await user.click(screen.getByRole('button', { name: 'ওয়েবহুক যোগ করুন' }));
    expect(await screen.findByText('https:// দিয়ে শুরু করে পুরো URL লিখুন')).toBeTruthy();
    expect(await screen.findByText('অন্তত একটি ইভেন্ট বেছে নিন')).toBeTruthy();
  });

  it('sends the URL, events and format, shows the secret once in a modal, and forgets it once copied', async () => {
    setAuth({ kind: 'user', token: 'token-3' });
    const requests = recordRequests();
    let items: unknown[] = [];
    server.use(
      http.get(base, () => HttpResponse.json({ items })),
      http.post(base, async ({ request }) => {
        const body = (await request.json()) as { url: string; events: string[]; format: string };
        items = [aWebhook({ url: body.url, events: body.events, format: body.format })];
        return HttpResponse.json({ id: hookId, secret, ...body }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<WebhooksSection shopId={shopId} />);
    await screen.findByText('No webhooks yet.');
    await user.type(screen.getByLabelText('Webhook URL'), '  https://shop.example.com/dak/webhook  ');
    await user.click(screen.getByRole('checkbox', { name: /Payment bounced/ }));
    await user.click(screen.getByRole('radio', { name: /Steadfast-compatible/ }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));

    const dialog = await screen.findByRole('dialog', { name: 'Webhook added: copy its signing secret' });
    expect(within(dialog).getByTestId('webhook-secret').textContent).toBe(secret);
    expect(dialog.textContent).toContain('it is shown only this once');
    expect(within(dialog).getByRole('button', { name: /Copy/ })).toBeTruthy();
    // The shared schema trims the URL and puts the events in the contract's order.
    expect(posts(requests).map((r) => r.body)).toEqual([
      {
        url: 'https://shop.example.com/dak/webhook',
        events: ['parcel.status_changed', 'invoice.bounced'],
        format: 'steadfast',
      },
    ]);
    // A click beside the modal or Escape does not lose the secret; only saying it is copied does.
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('webhook-secret')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
    expect(document.body.textContent).not.toContain(secret);
    const listed = await screen.findByTestId('webhook');
    expect(listed.textContent).toContain('https://shop.example.com/dak/webhook');
    expect(listed.textContent).toContain('Steadfast-compatible');
    expect(listed.textContent).toContain('Payment bounced');
  });
});

describe('a webhook and its delivery log', () => {
  it('shows a failing, disabled endpoint in words and enables it again', async () => {
    setAuth({ kind: 'user', token: 'token-4' });
    const requests = recordRequests();
    let hook = aWebhook({
      status: 'disabled',
      disabledReason: 'failing',
      failingSince: '2026-11-21T04:05:06.000Z',
      lastDeliveryAt: '2026-11-22T04:05:06.000Z',
    });
    server.use(
      http.get(base, () => HttpResponse.json({ items: [hook] })),
      http.patch(`${base}/${hookId}`, () => {
        hook = aWebhook();
        return HttpResponse.json(hook);
      }),
    );
    renderWithApp(<WebhooksSection shopId={shopId} />);
    const item = await screen.findByTestId('webhook');
    expect(within(item).getByText('Disabled')).toBeTruthy();
    expect(within(item).getByTestId('webhook-disabled-reason').textContent).toBe(
      'Disabled after 24 hours of failed deliveries. Fix your receiver, then enable it again.',
    );
    expect(within(item).getByTestId('webhook-failing').textContent).toMatch(
      /^Deliveries failing since 21 November 2026, /,
    );
    expect(within(item).queryByRole('button', { name: /Send test event/ })).toBeNull();
    fireEvent.click(
      within(item).getByRole('button', { name: 'Enable webhook https://shop.example.com/dak/webhook' }),
    );
    await waitFor(() => expect(within(item).getByText('Active')).toBeTruthy());
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ enabled: true }]);
    expect(within(item).queryByTestId('webhook-failing')).toBeNull();
  });

  it('lists deliveries with event, tracking ID, status, attempts, code, time and bodies; loads older; redelivers', async () => {
    setAuth({ kind: 'user', token: 'token-5' });
    const requests = recordRequests();
    const newest = aDelivery(3);
    const failed = aDelivery(2, {
      status: 'failed',
      attempts: 21,
      responseCode: 502,
      responseBody: 'Bad gateway',
      durationMs: 10_000,
    });
    const older = aDelivery(1, {
      event: 'invoice.paid',
      trackingId: null,
      responseCode: null,
      responseBody: null,
    });
    server.use(
      http.get(base, () => HttpResponse.json({ items: [aWebhook()] })),
      http.get(`${base}/${hookId}/deliveries`, ({ request }) => {
        const before = new URL(request.url).searchParams.get('before');
        return HttpResponse.json(
          before === 'cursor-2'
            ? { items: [older], nextBefore: null }
            : { items: [newest, failed], nextBefore: 'cursor-2' },
        );
      }),
      http.post(`${base}/${hookId}/deliveries/${failed.id}/redeliver`, () =>
        HttpResponse.json({ deliveryId: aDelivery(4).id }, { status: 202 }),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<WebhooksSection shopId={shopId} />);
    const item = await screen.findByTestId('webhook');
    const toggle = within(item).getByRole('button', { name: 'Delivery log' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    let rows = await within(item).findAllByTestId('webhook-delivery');
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('Parcel status changed');
    expect(first.textContent).toContain('DK26113');
    expect(within(first).getByText('Succeeded')).toBeTruthy();
    expect(first.textContent).toContain('Attempts: 1');
    expect(first.textContent).toContain('HTTP 200');
    expect(first.textContent).toContain('84 ms');
    expect(first.textContent).toMatch(/22 November 2026, \d\d:\d\d:30/);
    expect(within(second).getByText('Failed')).toBeTruthy();
    expect(second.textContent).toContain('Attempts: 21');
    expect(second.textContent).toContain('HTTP 502');

    // The bodies fold out: the request laid out as JSON, the receiver's answer as it came.
    const requestBody = within(second).getByTestId('delivery-request');
    expect(requestBody.closest('details')?.open).toBe(false);
    await user.click(within(second).getByText('Request body'));
    expect(requestBody.closest('details')?.open).toBe(true);
    expect(requestBody.textContent).toBe(JSON.stringify(JSON.parse(failed.requestBody), null, 2));
    expect(within(second).getByTestId('delivery-response').textContent).toBe('Bad gateway');

    await user.click(within(item).getByRole('button', { name: 'Load older' }));
    await waitFor(() => expect(within(item).getAllByTestId('webhook-delivery')).toHaveLength(3));
    rows = within(item).getAllByTestId('webhook-delivery');
    const last = rows[2] as HTMLElement;
    expect(last.textContent).toContain('Invoice paid');
    expect(last.textContent).toContain('No answer');
    expect(within(last).getByTestId('delivery-response').textContent).toBe('(empty)');
    expect(within(item).queryByRole('button', { name: 'Load older' })).toBeNull();
    const cursors = requests
      .filter((r) => r.method === 'GET' && r.url.pathname.endsWith('/deliveries'))
      .map((r) => r.url.searchParams.get('before'));
    expect(cursors).toEqual([null, 'cursor-2']);

    await user.click(
      within(second).getByRole('button', { name: /^Redeliver Parcel status changed of 22 November 2026/ }),
    );
    await waitFor(() =>
      expect(posts(requests, `/${hookId}/deliveries/${failed.id}/redeliver`)).toHaveLength(1),
    );
  });

  it('sends a test event, then polls the log until the new delivery is no longer pending', async () => {
    setAuth({ kind: 'user', token: 'token-6' });
    const requests = recordRequests();
    const test = aDelivery(9, {
      event: 'webhook.test',
      trackingId: null,
      status: 'pending',
      attempts: 0,
      responseCode: null,
      responseBody: null,
      durationMs: null,
      lastAttemptAt: null,
    });
    const old = aDelivery(1);
    let queued = false;
    let logReads = 0;
    server.use(
      http.get(base, () => HttpResponse.json({ items: [aWebhook()] })),
      http.post(`${base}/${hookId}/test`, () => {
        queued = true;
        return HttpResponse.json({ deliveryId: test.id }, { status: 202 });
      }),
      http.get(`${base}/${hookId}/deliveries`, () => {
        logReads += 1;
        if (!queued) return HttpResponse.json({ items: [old], nextBefore: null });
        // The job answers on the third read after the test: pending twice, then succeeded.
        const sent =
          logReads >= 4
            ? { ...test, status: 'succeeded', attempts: 1, responseCode: 204, durationMs: 12 }
            : test;
        return HttpResponse.json({ items: [sent, old], nextBefore: null });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<WebhooksSection shopId={shopId} pollMs={50} />);
    const item = await screen.findByTestId('webhook');
    // The log is open before the test, so the test's answer must make it read the log again.
    await user.click(within(item).getByRole('button', { name: 'Delivery log' }));
    await within(item).findByTestId('webhook-delivery');
    expect(logReads).toBe(1);

    await user.click(
      within(item).getByRole('button', { name: 'Send test event to https://shop.example.com/dak/webhook' }),
    );
    await within(item).findByTestId('webhook-log-waiting');
    const newRow = async () => within(item).getAllByTestId('webhook-delivery')[0] as HTMLElement;
    await waitFor(async () => expect((await newRow()).dataset.status).toBe('succeeded'));
    const row = await newRow();
    expect(row.className).toContain('delivery--new');
    expect(row.textContent).toContain('Test event');
    expect(row.textContent).toContain('HTTP 204');
    expect(within(item).queryByTestId('webhook-log-waiting')).toBeNull();
    expect(posts(requests, `/${hookId}/test`)).toHaveLength(1);
    // Once it has an outcome the polling stops.
    const readsAtOutcome = logReads;
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(logReads).toBe(readsAtOutcome);
    expect(readsAtOutcome).toBeGreaterThanOrEqual(4);
  });

  it('asks before deleting an endpoint', async () => {
    setAuth({ kind: 'user', token: 'token-7' });
    const requests = recordRequests();
    let items = [aWebhook()];
    server.use(
      http.get(base, () => HttpResponse.json({ items })),
      http.delete(`${base}/${hookId}`, () => {
        items = [];
        return HttpResponse.json({ id: hookId, deletedAt: '2026-11-22T09:00:00.000Z' });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<WebhooksSection shopId={shopId} />);
    const item = await screen.findByTestId('webhook');
    await user.click(
      within(item).getByRole('button', { name: 'Delete webhook https://shop.example.com/dak/webhook' }),
    );
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    const confirm = await screen.findByRole('tooltip');
    expect(confirm.textContent).toContain('Delete this webhook?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await screen.findByText('No webhooks yet.');
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });
});

describe('the receiver’s signature check shown to copy', () => {
  /** The snippet on the page, run as a receiver would (its import supplied). */
  const shownCheck = () => {
    const body = verifySnippet.replace(/^import .*$/m, '').replace('export function', 'function');
    return new Function('createHmac', 'timingSafeEqual', `${body}\nreturn verifyDakSignature;`)(
      createHmac,
      timingSafeEqual,
    ) as (rawBody: string, header: string, secret: string, now?: number) => boolean;
  };
  /** A Dak-Signature as the contract makes it: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">. */
  const sign = (raw: string, t: number, key = secret) =>
    `t=${t},v1=${createHmac('sha256', key).update(`${t}.${raw}`).digest('hex')}`;

  it('accepts a fresh, correctly signed body and refuses a changed body, another secret or an old time', () => {
    const verify = shownCheck();
    const raw = '{"id":"evt_1","type":"webhook.test","data":{}}';
    const now = Date.UTC(2026, 10, 22, 8, 0, 0);
    const t = Math.floor(now / 1000);
    expect(verify(raw, sign(raw, t), secret, now)).toBe(true);
    expect(verify(raw, sign(raw, t - 299), secret, now)).toBe(true);
    expect(verify(`${raw} `, sign(raw, t), secret, now)).toBe(false);
    expect(verify(raw, sign(raw, t, 'another-secret'), secret, now)).toBe(false);
    expect(verify(raw, sign(raw, t - 301), secret, now)).toBe(false);
    expect(verify(raw, 'v1=abc', secret, now)).toBe(false);
    expect(verifySnippet.split('\n').length).toBeLessThanOrEqual(12);
  });

  it('is on the page, with a copy button', async () => {
    setAuth({ kind: 'user', token: 'token-8' });
    server.use(http.get(base, () => HttpResponse.json({ items: [] })));
    renderWithApp(<WebhooksSection shopId={shopId} />);
    const shown = await screen.findByTestId('verify-snippet');
    expect(shown.textContent).toBe(verifySnippet);
    expect(screen.getByRole('heading', { name: 'Check the signature' })).toBeTruthy();
  });
});
