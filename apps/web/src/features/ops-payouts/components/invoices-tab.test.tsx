import { opsInvoiceListSchema, opsInvoiceSchema } from '@dak/domain/money-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { HttpResponse, http, recordRequests, server } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { InvoicesTab } from './invoices-tab';

const invoiceId = '00000000-0000-4000-8000-0000000000c1';
const invoicesUrl = '/api/v1/ops/invoices';
const paidUrl = `/api/v1/ops/invoices/${invoiceId}/paid`;

const processing = opsInvoiceSchema.parse({
  id: invoiceId,
  number: 'INV-2026-000041',
  status: 'payment_processing',
  netAmount: 4_210,
  parcelCount: 6,
  createdAt: '2026-11-26T04:00:00.000Z',
  shopId: '00000000-0000-4000-8000-0000000000b1',
  shopName: 'Rupkotha Fashion',
  runId: '00000000-0000-4000-8000-0000000000a1',
  method: 'bkash',
  reference: null,
  bounceReason: null,
  decidedAt: null,
});

describe('invoices: mark paid', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('sends the reference, then asks for the list again and no longer offers the invoice to decide', async () => {
    const requests = recordRequests();
    let paid = false;
    server.use(
      http.get(invoicesUrl, () =>
        HttpResponse.json(
          opsInvoiceListSchema.parse(paid ? { items: [], count: 0 } : { items: [processing], count: 1 }),
        ),
      ),
      http.post(paidUrl, () => {
        paid = true;
        return HttpResponse.json(
          opsInvoiceSchema.parse({
            ...processing,
            status: 'paid',
            reference: 'BKX9A1',
            decidedAt: '2026-11-26T05:00:00.000Z',
          }),
        );
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<InvoicesTab />, { url: '/ops/payouts?tab=invoices' });

    const table = await screen.findByRole('table');
    await within(table).findByText('INV-2026-000041');
    expect(requests.find((r) => r.url.pathname === invoicesUrl)?.url.searchParams.get('status')).toBe(
      'payment_processing',
    );
    await user.click(within(table).getByRole('button', { name: 'Mark paid' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Rupkotha Fashion: ৳4,210 by bKash.')).toBeTruthy();
    // Nothing typed: the reference is asked for, nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByText('Enter the bank or bKash reference of the payment')).toBeTruthy();
    expect(requests.some((r) => r.url.pathname === paidUrl)).toBe(false);

    await user.type(within(dialog).getByLabelText('Bank or bKash reference'), ' BKX9A1 ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));

    await waitFor(() =>
      expect(requests.find((r) => r.url.pathname === paidUrl)?.body).toEqual({ reference: 'BKX9A1' }),
    );
    expect(await screen.findByText('No invoices here.')).toBeTruthy();
    expect(requests.filter((r) => r.url.pathname === invoicesUrl).length).toBeGreaterThanOrEqual(2);
  });

  it('says by its key (here in Bengali) when the invoice was already paid, and keeps the dialog open', async () => {
    await i18n.changeLanguage('bn');
    server.use(
      http.get(invoicesUrl, () =>
        HttpResponse.json(opsInvoiceListSchema.parse({ items: [processing], count: 1 })),
      ),
      http.post(`/api/v1/ops/invoices/${invoiceId}/bounced`, () =>
        HttpResponse.json(
          {
            error: {
              code: 'CONFLICT',
              message: 'This invoice is already marked paid',
              key: 'money.alreadyPaid',
              params: {},
            },
          },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<InvoicesTab />, { url: '/ops/payouts?tab=invoices' });
    const table = await screen.findByRole('table');
    await user.click(await within(table).findByRole('button', { name: 'বাউন্সড করুন' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('পেমেন্ট কেন বাউন্স করেছে'), 'Account closed');
    await user.click(within(dialog).getByRole('button', { name: 'বাউন্সড করুন' }));
    // By the message's key, not the code's generic "someone decided first".
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'এই ইনভয়েস আগেই পরিশোধিত হিসেবে চিহ্নিত',
    );
  });
});
