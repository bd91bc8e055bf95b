import { type Parcel, parcelListSchema } from '@dak/domain/parcel';
import { defaultParcelListPreferences, parcelListCountCap } from '@dak/domain/parcel-list';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { HttpResponse, http, recordRequests, server } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { ParcelListView } from './parcel-list-view';

/**
 * A shop with more parcels than the list counts (issue 16): the count reads 10,000+ and the pages
 * go on past the cap's 500 one by one while they come back full.
 */
const shopId = '00000000-0000-4000-8000-000000000001';
const base = `/api/v1/shops/${shopId}`;
/** Parcels the shop really has: 10 045, so the last page (503) holds 5. */
const real = parcelListCountCap + 45;

function aParcel(n: number): Parcel {
  return {
    id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    trackingId: `DK${String(n).padStart(9, '0')}`,
    invoiceId: null,
    customerName: `Customer ${n}`,
    customerPhone: '8801712345678',
    customerAddress: 'House 1, Road 2',
    alternatePhone: null,
    deliveryArea: { id: 'dhaka-city--gulshan', nameEn: 'Gulshan', nameBn: 'গুলশান' },
    pickupLocation: { id: 'p1', name: 'Mirpur warehouse' },
    categoryId: null,
    categoryVariantId: null,
    sellingPrice: 1200,
    cashCollectionAmount: 1250,
    weightGrams: 500,
    instructions: null,
    parcelType: 'forward',
    flowType: 'regular',
    status: 'pickup_pending',
    statusGroup: 'pickup',
    sellerStatus: 'pickup_pending',
    paymentStatus: 'cash_collection_pending',
    charge: { deliveryCharge: 60, codCharge: 13, totalCharge: 73, returnCharge: 30, rateClass: 'same_city' },
    pickupDate: '2026-11-22',
    createdAt: new Date('2026-11-22T06:00:00Z'),
    updatedAt: new Date('2026-11-22T06:00:00Z'),
  };
}

/** The list's answers as the server gives them: the count stops at the cap, pages do not. */
function answerParcels() {
  const requests = recordRequests();
  server.use(
    http.get(`${base}/parcels`, ({ request }) => {
      const url = new URL(request.url);
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      const n = Math.max(0, Math.min(limit, real - offset));
      const page = parcelListSchema.parse({
        items: Array.from({ length: n }, (_, i) => aParcel(offset + i + 1)),
        count: Math.min(real, parcelListCountCap),
        countCapped: real > parcelListCountCap,
      });
      return HttpResponse.json(page);
    }),
  );
  return () =>
    requests
      .filter((r) => r.url.pathname === `${base}/parcels` && r.url.searchParams.get('limit') !== '1')
      .map((r) => Number(r.url.searchParams.get('offset')));
}

const view = (
  <ParcelListView
    shopId={shopId}
    canCreate={false}
    preferences={defaultParcelListPreferences}
    printLabels={() => null}
  />
);

const nextButton = () => screen.getByTitle('Next Page');
const isDisabled = (el: HTMLElement) => el.getAttribute('aria-disabled') === 'true';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the parcel list past the count cap', () => {
  it('says 10,000+ and links the cap’s pages', async () => {
    answerParcels();
    renderWithApp(view, { url: '/parcels' });
    expect((await screen.findByTestId('parcel-count')).textContent).toBe('Parcels: 10,000+');
    // 10 000 at 20 a page: the links reach page 500, not beyond.
    expect(screen.getByTitle('500')).toBeTruthy();
    expect(screen.queryByTitle('501')).toBeNull();
    expect(isDisabled(nextButton())).toBe(false);
  });

  it('goes page by page past page 500 while pages come back full, and stops at the last', async () => {
    const offsets = answerParcels();
    const user = userEvent.setup();
    const { location } = renderWithApp(view, { url: '/parcels?page=500' });
    await screen.findByText('Customer 9981');
    expect(isDisabled(nextButton())).toBe(false);

    await user.click(nextButton());
    await waitFor(() => expect(location().searchParams.get('page')).toBe('501'));
    await screen.findByText('Customer 10001');
    expect(offsets()).toContain(10_000);
    expect(isDisabled(nextButton())).toBe(false);

    await user.click(nextButton());
    await screen.findByText('Customer 10021');
    await user.click(nextButton());
    // Page 503 holds the last five: nothing follows.
    await screen.findByText('Customer 10045');
    expect(location().searchParams.get('page')).toBe('503');
    expect(isDisabled(nextButton())).toBe(true);
    expect(screen.getByTestId('parcel-count').textContent).toBe('Parcels: 10,000+');
  });

  it('writes the capped count with Bengali digits in Bengali', async () => {
    await i18n.changeLanguage('bn');
    answerParcels();
    renderWithApp(view, { url: '/parcels' });
    expect((await screen.findByTestId('parcel-count')).textContent).toBe('পার্সেল: ১০,০০০+');
  });
});
