import { pricingMessages } from '@dak/domain/pricing-rules';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HttpResponse, http, recordRequests, server } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { ParcelForm } from './parcel-form';

const shopId = '00000000-0000-4000-8000-000000000001';
const pickup = {
  id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Mirpur warehouse',
  area: {
    id: 'dhaka-city--mirpur-10',
    nameEn: 'Mirpur 10',
    nameBn: 'মিরপুর ১০',
    districtNameEn: 'Dhaka',
    districtNameBn: 'ঢাকা',
  },
};

/** The form's look-ups (categories, areas, the phone's history) answer empty; bookings are recorded. */
function answerLookups() {
  server.use(
    http.get('/api/v1/parcel-categories', () => HttpResponse.json({ items: [], count: 0 })),
    http.get('/api/v1/*', () => HttpResponse.json({ items: [], count: 0 })),
    http.post('/api/v1/areas/predict', () => HttpResponse.json({ area: null })),
  );
}

const field = (label: string) => screen.getByRole('textbox', { name: label });
const bookings = (requests: ReturnType<typeof recordRequests>) =>
  requests.filter((r) => r.method === 'POST' && r.url.pathname === `/api/v1/shops/${shopId}/parcels`);

/** The form item (label, input, message) a field sits in. */
const itemOf = (element: HTMLElement) => element.closest('.plain-field') as HTMLElement;

describe('the booking form', () => {
  it('shows the spec’s message under Cash to collect when it is over the limit, and sends nothing', async () => {
    const requests = recordRequests();
    answerLookups();
    const user = userEvent.setup();
    renderWithApp(<ParcelForm shopId={shopId} pickups={[pickup]} onBooked={() => {}} />, {
      url: '/parcels/new',
    });

    await user.type(field('Customer name'), 'Nabila Rahman');
    await user.type(field('Customer phone'), '01712345678');
    await user.type(field('Cash to collect'), '600000');
    await user.click(screen.getByRole('button', { name: 'Book parcel' }));

    const message = await screen.findByText(pricingMessages.cashTooHigh);
    expect(itemOf(message)).toBe(itemOf(field('Cash to collect')));
    expect(field('Cash to collect').getAttribute('aria-invalid')).toBe('true');
    // The valid fields carry no message.
    expect(itemOf(field('Customer phone')).querySelector('.plain-field__error')).toBeNull();
    expect(bookings(requests)).toEqual([]);
  });

  it('reads Bengali digits in the cash amount as the same limit', async () => {
    const requests = recordRequests();
    answerLookups();
    const user = userEvent.setup();
    renderWithApp(<ParcelForm shopId={shopId} pickups={[pickup]} onBooked={() => {}} />, {
      url: '/parcels/new',
    });

    await user.type(field('Cash to collect'), '৬০০০০০');
    await user.click(screen.getByRole('button', { name: 'Book parcel' }));

    await waitFor(() =>
      expect(itemOf(field('Cash to collect')).textContent).toContain(pricingMessages.cashTooHigh),
    );
    expect(bookings(requests)).toEqual([]);
  });
});
