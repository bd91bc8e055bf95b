import { parcelMoneySchema } from '@dak/domain/money-api';
import { parcelDetailSchema } from '@dak/domain/parcel';
import { rolePermissions, type ShopRole } from '@dak/domain/permissions';
import { shopListSchema } from '@dak/domain/shop';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Route, RouterProvider, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { reviveDates } from '../../../lib/api-dates';
import { clearAuth, setAuth } from '../../../lib/auth-storage';
import { setSelectedShopId } from '../../../lib/selected-shop';
import { HttpResponse, http, recordRequests, server } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { PanelFrame } from '../../panel-frame';
import { RootLayout } from '../../root-layout';
import { ShopProvider } from '../../shop-context';
import { ParcelDetailPage } from './parcel-detail-page';
import { PaymentsPage } from './payments-page';
import { TransactionsPage } from './transactions-page';

const shopId = '00000000-0000-4000-8000-000000000001';
const trackingId = 'DK000000001';
const base = `/api/v1/shops/${shopId}`;

const parcel = {
  id: '20000000-0000-4000-8000-000000000001',
  trackingId,
  invoiceId: null,
  customerName: 'Rahim Uddin',
  customerPhone: '01712345678',
  customerAddress: 'House 1, Road 2, Mirpur 10',
  alternatePhone: null,
  deliveryArea: { id: 'mirpur-10', nameEn: 'Mirpur 10', nameBn: 'মিরপুর ১০' },
  pickupLocation: { id: '30000000-0000-4000-8000-000000000001', name: 'Shop' },
  categoryId: null,
  categoryVariantId: null,
  sellingPrice: 1500,
  cashCollectionAmount: 1500,
  weightGrams: 500,
  instructions: null,
  parcelType: 'forward',
  flowType: 'regular',
  status: 'delivered',
  statusGroup: 'done',
  sellerStatus: 'delivered',
  paymentStatus: 'payment_processing',
  charge: { deliveryCharge: 60, codCharge: 15, totalCharge: 75, returnCharge: 30, rateClass: 'same_city' },
  pickupDate: '2026-11-24',
  createdAt: '2026-11-24T04:00:00.000Z',
  updatedAt: '2026-11-25T04:00:00.000Z',
  events: [],
  exchange: null,
  hasProofPhoto: false,
};
// The fixtures are checked against the contract: the parcel as the browser reads it, the money as sent.
parcelDetailSchema.parse(reviveDates(parcel));
const money = parcelMoneySchema.parse({
  paymentStatus: 'payment_processing',
  settlement: {
    settlementType: 'delivered',
    cashCollected: 1500,
    deliveryCharge: 60,
    codCharge: 15,
    returnCharge: 0,
    compensation: 0,
    netAmount: 1425,
    at: '2026-11-25T04:00:00.000Z',
  },
  invoice: { id: '10000000-0000-4000-8000-000000000001', number: 'INV-000001', status: 'payment_processing' },
});

const notHere = () =>
  HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'Not here' } }, { status: 404 });

/** A signed-in member of one shop with `role`, the API answering for the shop and its parcel. */
function signedInAs(role: ShopRole) {
  setAuth({ kind: 'user', token: `${role}-token` });
  const requests = recordRequests();
  server.use(
    http.get('/api/v1/shops', () =>
      HttpResponse.json(
        shopListSchema.parse({
          items: [{ id: shopId, name: 'Rahim Store', role, merchantType: 'b2c', lastSelectedAt: null }],
          count: 1,
        }),
      ),
    ),
    http.post(`${base}/select`, () => HttpResponse.json({ role, permissions: rolePermissions[role] })),
    http.get(`${base}/parcels/${trackingId}`, () => HttpResponse.json(parcel)),
    http.get('/api/v1/parcel-categories', () => HttpResponse.json({ items: [], count: 0 })),
    http.get(`${base}/parcels/${trackingId}/money`, () => HttpResponse.json(money)),
    // The editing part of the page asks these; what they answer does not matter here.
    http.get(`${base}/parcels/${parcel.id}/can-edit`, notHere),
    http.get(`${base}/parcel-list-preferences`, notHere),
  );
  return requests;
}

function renderPages(url: string) {
  return renderWithApp(
    <ShopProvider>
      <Routes>
        <Route path="/parcels/:parcelId" element={<ParcelDetailPage />} />
        <Route path="/payments" element={<PaymentsPage />} />
        <Route path="/transactions" element={<TransactionsPage />} />
      </Routes>
    </ShopProvider>,
    { url },
  );
}

/** The app's frame (menu included) in a data router, as the app mounts it (ScrollRestoration needs one). */
function renderShell(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ element: <RootLayout />, children: [{ path: '*', element: <PanelFrame /> }] }],
    { initialEntries: [url] },
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const moneyRequests = (requests: { url: URL }[]) =>
  requests.filter((r) => /\/(money|payments|invoices|transactions)(\/|$)/.test(r.url.pathname));

afterEach(() => {
  clearAuth();
  setSelectedShopId(null);
});

describe("money is the owner's", () => {
  it("shows the owner the parcel's money card: stage, settlement and invoice", async () => {
    const requests = signedInAs('owner');
    renderPages(`/parcels/${trackingId}`);
    const card = within(await screen.findByRole('region', { name: 'Money' }));
    expect(await card.findByText('৳1,425')).toBeTruthy();
    // The parcel's payment stage and its invoice's status.
    expect(card.getAllByText('Payment processing')).toHaveLength(2);
    expect(card.getByText('Delivered')).toBeTruthy();
    expect(card.getByRole('link', { name: 'INV-000001' }).getAttribute('href')).toBe(
      '/payments/invoices/10000000-0000-4000-8000-000000000001',
    );
    expect(requests.some((r) => r.url.pathname === `${base}/parcels/${trackingId}/money`)).toBe(true);
  });

  it("never asks for an editor's parcel money, nor shows the card", async () => {
    const requests = signedInAs('editor');
    renderPages(`/parcels/${trackingId}`);
    expect(await screen.findByTestId('tracking-id')).toBeTruthy();
    // The page has what it asked for: the parcel is shown and the categories came back.
    await waitFor(() =>
      expect(requests.some((r) => r.url.pathname === '/api/v1/parcel-categories')).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('region', { name: 'Money' })).toBeNull();
    expect(moneyRequests(requests)).toEqual([]);
  });

  it.each([
    ['editor', '/payments'],
    ['viewer', '/payments'],
    ['editor', '/transactions'],
  ] as const)('gives an %s typing %s the usual no-access answer, asking nothing', async (role, url) => {
    const requests = signedInAs(role);
    renderPages(url);
    expect(await screen.findByText('You do not have access to this page')).toBeTruthy();
    expect(moneyRequests(requests)).toEqual([]);
  });

  it.each([
    ['owner', true],
    ['editor', false],
    ['viewer', false],
  ] as const)('lists Payments and Transactions in the menu of an %s: %s', async (role, shown) => {
    signedInAs(role);
    renderShell('/dashboard');
    // Every link of the menu, folded under More or not (the bar's measuring copy lists them all),
    // once the role's permissions are in: Pickup comes with them, for every role.
    const menu = () =>
      [...document.querySelectorAll('.top-nav__measure [data-label]')].map((el) =>
        el.getAttribute('data-label'),
      );
    await waitFor(() => expect(menu()).toContain('Pickup'));
    expect(menu().includes('Payments')).toBe(shown);
    expect(menu().includes('Transactions')).toBe(shown);
  });
});
