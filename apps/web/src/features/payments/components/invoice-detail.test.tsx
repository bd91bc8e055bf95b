import { type InvoiceParcel, invoiceParcelListSchema } from '@dak/domain/money-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAuth, setAuth } from '../../../lib/auth-storage';
import { HttpResponse, http, recordRequests, server } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { InvoiceDetail } from './invoice-detail';

const shopId = '00000000-0000-4000-8000-000000000001';
const invoiceId = '10000000-0000-4000-8000-000000000001';
const invoiceUrl = `/api/v1/shops/${shopId}/invoices/${invoiceId}`;

function aParcel(n: number, rest: Partial<InvoiceParcel>): InvoiceParcel {
  return {
    trackingId: `DK${String(n).padStart(9, '0')}`,
    settlementType: 'delivered',
    cashCollected: 0,
    deliveryCharge: 0,
    codCharge: 0,
    returnCharge: 0,
    compensation: 0,
    netAmount: 0,
    ...rest,
  };
}

// The invoice's parcels as the contract answers them (parsed, so a drift in money-api.ts fails).
const parcels = invoiceParcelListSchema.parse({
  items: [
    aParcel(1, { cashCollected: 1500, deliveryCharge: 60, codCharge: 15, netAmount: 1425 }),
    aParcel(2, { returnCharge: 30, settlementType: 'returned', netAmount: -30 }),
    aParcel(3, { cashCollected: 800.5, deliveryCharge: 60, codCharge: 9, netAmount: 731.5 }),
    aParcel(4, {
      settlementType: 'partial_delivered',
      cashCollected: 500,
      deliveryCharge: 110,
      codCharge: 5,
      netAmount: 385,
    }),
  ],
  count: 4,
});

beforeEach(() => setAuth({ kind: 'user', token: 'owner-token' }));
afterEach(() => {
  clearAuth();
  vi.restoreAllMocks();
});

describe('the invoice page', () => {
  it('groups the parcels by settlement type, a tab each with its count and totals', async () => {
    server.use(http.get(`${invoiceUrl}/parcels`, () => HttpResponse.json(parcels)));
    const user = userEvent.setup();
    renderWithApp(
      <InvoiceDetail
        shopId={shopId}
        invoiceId={invoiceId}
        invoice={{
          id: invoiceId,
          number: 'INV-000001',
          status: 'paid',
          netAmount: 2461.5,
          createdAt: '2026-11-25T04:00:00.000Z',
        }}
      />,
      { url: `/payments/invoices/${invoiceId}` },
    );

    expect(await screen.findByRole('heading', { name: 'Invoice INV-000001' })).toBeTruthy();
    await screen.findByRole('tab', { name: 'Delivered (2)' });
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    // In the order of the settlement types; none for a type without parcels.
    expect(tabs).toEqual(['Delivered (2)', 'Partially delivered (1)', 'Returned (1)']);

    const delivered = document.querySelector('[data-settlement-type="delivered"]') as HTMLElement;
    expect(delivered.querySelector('[data-tracking-id="DK000000001"]')).toBeTruthy();
    expect(delivered.querySelector('[data-tracking-id="DK000000003"]')).toBeTruthy();
    expect(delivered.querySelector('[data-tracking-id="DK000000002"]')).toBeNull();
    const totals = within(screen.getByTestId('totals-delivered'));
    expect(totals.getByText('৳2,300.5')).toBeTruthy(); // collected
    expect(totals.getByText('৳120')).toBeTruthy(); // delivery charges
    expect(totals.getByText('৳24')).toBeTruthy(); // COD charges
    expect(totals.getByText('৳2,156.5')).toBeTruthy(); // net

    await user.click(screen.getByRole('tab', { name: 'Returned (1)' }));
    const returned = await waitFor(() => {
      const panel = document.querySelector('[data-settlement-type="returned"]') as HTMLElement | null;
      expect(panel).toBeTruthy();
      return panel as HTMLElement;
    });
    const row = returned.querySelector('[data-tracking-id="DK000000002"]') as HTMLElement;
    expect(within(row).getByText('৳30')).toBeTruthy();
    expect(within(row).getByText('-৳30')).toBeTruthy();
    expect(within(screen.getByTestId('totals-returned')).getByText('-৳30')).toBeTruthy();

    // The parcels net 2,511.5; the invoice paid 2,461.5: 50 of dues were taken from it.
    expect(screen.getByText('৳2,511.5')).toBeTruthy();
    expect(screen.getByText('Dues taken from this payment')).toBeTruthy();
    expect(screen.getByText('-৳50')).toBeTruthy();
  });

  it('asks for every page of a large invoice before grouping it', async () => {
    const many = Array.from({ length: 130 }, (_, i) =>
      aParcel(i + 1, { cashCollected: 100, deliveryCharge: 60, codCharge: 1, netAmount: 39 }),
    );
    const requests = recordRequests();
    server.use(
      http.get(`${invoiceUrl}/parcels`, ({ request }) => {
        const url = new URL(request.url);
        const offset = Number(url.searchParams.get('offset'));
        const limit = Number(url.searchParams.get('limit'));
        return HttpResponse.json(
          invoiceParcelListSchema.parse({ items: many.slice(offset, offset + limit), count: many.length }),
        );
      }),
    );
    renderWithApp(<InvoiceDetail shopId={shopId} invoiceId={invoiceId} />, {
      url: `/payments/invoices/${invoiceId}`,
    });
    expect(await screen.findByRole('tab', { name: 'Delivered (130)' })).toBeTruthy();
    expect(within(screen.getByTestId('totals-delivered')).getByText('৳5,070')).toBeTruthy();
    const offsets = requests
      .filter((r) => r.url.pathname === `${invoiceUrl}/parcels`)
      .map((r) => r.url.searchParams.get('offset'));
    expect(offsets).toEqual(['0', '100']);
    // Opened without the list's row, the page heads with what it knows.
    expect(screen.getByRole('heading', { name: 'Invoice' })).toBeTruthy();
  });

  it('downloads logistics-invoice.csv from the csv route with the bearer token', async () => {
    const requests: Request[] = [];
    server.use(
      http.get(`${invoiceUrl}/parcels`, () => HttpResponse.json(parcels)),
      http.get(`${invoiceUrl}/csv`, ({ request }) => {
        requests.push(request);
        return new HttpResponse('tracking_id,net\nDK000000001,1425\n', {
          headers: { 'Content-Type': 'text/csv' },
        });
      }),
    );
    const saved: { name: string; href: string }[] = [];
    // jsdom has no object URLs and does not download: note what the link would have saved.
    URL.createObjectURL = vi.fn(() => 'blob:invoice');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    const user = userEvent.setup();
    renderWithApp(<InvoiceDetail shopId={shopId} invoiceId={invoiceId} />, {
      url: `/payments/invoices/${invoiceId}`,
    });
    await screen.findByRole('tab', { name: 'Delivered (2)' });

    await user.click(screen.getByRole('button', { name: /Download CSV/ }));

    await waitFor(() => expect(saved).toEqual([{ name: 'logistics-invoice.csv', href: 'blob:invoice' }]));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer owner-token');
  });
});
