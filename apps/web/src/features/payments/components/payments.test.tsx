import { moneyMessages } from '@dak/domain/money';
import {
  invoiceListSchema,
  paymentsSummarySchema,
  type Transaction,
  transactionListSchema,
} from '@dak/domain/money-api';
import { screen, waitFor, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import bn from '../../../locales/bn.json';
import en from '../../../locales/en.json';
import { HttpResponse, http, recordRequests, server } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { InvoiceList } from './invoice-list';
import { PaymentsSummaryCards } from './payments-summary-cards';
import { TransactionList } from './transaction-list';

const shopId = '00000000-0000-4000-8000-000000000001';
const base = `/api/v1/shops/${shopId}`;

// Fixtures go through the contract's schemas: a shape that drifts from money-api.ts fails here.
const summary = paymentsSummarySchema.parse({
  dueAmount: 0,
  unpaidAmount: 1234.5,
  processingAmount: 2000,
  paidAmount: 150000,
  nextPayment: { amount: 1234.5, date: '2026-11-28' },
});
const invoices = invoiceListSchema.parse({
  items: [
    {
      id: '10000000-0000-4000-8000-000000000002',
      number: 'INV-000002',
      status: 'bounced',
      netAmount: 880,
      parcelCount: 3,
      createdAt: '2026-11-25T04:00:00.000Z',
    },
    {
      id: '10000000-0000-4000-8000-000000000001',
      number: 'INV-000001',
      status: 'paid',
      netAmount: 1420.75,
      parcelCount: 12,
      createdAt: '2026-11-20T20:30:00.000Z',
    },
  ],
  count: 2,
});

function line(id: number, amount: number, rest: Partial<Transaction> = {}): Transaction {
  return {
    id,
    at: '2026-11-25T04:00:00.000Z',
    kind: 'delivery',
    amount,
    trackingId: null,
    invoiceNumber: null,
    memo: null,
    ...rest,
  };
}

const failing = () =>
  HttpResponse.json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, { status: 500 });

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the Payments page parts', () => {
  it('shows the summary cards and the invoice list from the API shapes', async () => {
    const requests = recordRequests();
    server.use(
      http.get(`${base}/payments/summary`, () => HttpResponse.json(summary)),
      http.get(`${base}/invoices`, () => HttpResponse.json(invoices)),
    );
    renderWithApp(
      <>
        <PaymentsSummaryCards shopId={shopId} />
        <InvoiceList shopId={shopId} />
      </>,
      { url: '/payments' },
    );

    const unpaid = await screen.findByTestId('summary-unpaid');
    expect(within(unpaid).getByText('Collected, not yet invoiced')).toBeTruthy();
    expect(within(unpaid).getByText('৳1,234.5')).toBeTruthy();
    expect(within(screen.getByTestId('summary-due')).getByText('৳0')).toBeTruthy();
    expect(within(screen.getByTestId('summary-processing')).getByText('৳2,000')).toBeTruthy();
    // Lakh grouping, as Bangladesh writes it.
    expect(within(screen.getByTestId('summary-paid')).getByText('৳1,50,000')).toBeTruthy();
    const next = screen.getByTestId('summary-next');
    expect(within(next).getByText('৳1,234.5')).toBeTruthy();
    expect(within(next).getByText('on 28 November 2026')).toBeTruthy();

    const table = await screen.findByRole('table');
    const bounced = table.querySelector('[data-invoice="INV-000002"]') as HTMLElement;
    expect(within(bounced).getByText('Bounced payment')).toBeTruthy();
    expect(within(bounced).getByText('৳880')).toBeTruthy();
    expect(within(bounced).getByText('25 November 2026')).toBeTruthy();
    const paid = table.querySelector('[data-invoice="INV-000001"]') as HTMLElement;
    expect(within(paid).getByText('Paid')).toBeTruthy();
    expect(within(paid).getByText('৳1,420.75')).toBeTruthy();
    expect(within(paid).getByText('12')).toBeTruthy();
    // 20:30 UTC is the next morning in Dhaka: the invoice's day is Bangladesh's.
    expect(within(paid).getByText('21 November 2026')).toBeTruthy();
    const link = within(paid).getByRole('link', { name: 'View invoice INV-000001' });
    expect(link.getAttribute('href')).toBe('/payments/invoices/10000000-0000-4000-8000-000000000001');
    expect(screen.getByText('2 invoices')).toBeTruthy();

    const asked = requests.find((r) => r.url.pathname === `${base}/invoices`);
    expect(asked?.url.searchParams.get('limit')).toBe('20');
    expect(asked?.url.searchParams.get('offset')).toBe('0');
  });

  it('says when no payment is scheduled, and pages the invoices by the address', async () => {
    const requests = recordRequests();
    server.use(
      http.get(`${base}/payments/summary`, () =>
        HttpResponse.json(paymentsSummarySchema.parse({ ...summary, dueAmount: 75, nextPayment: null })),
      ),
      http.get(`${base}/invoices`, () => HttpResponse.json({ ...invoices, count: 45 })),
    );
    renderWithApp(
      <>
        <PaymentsSummaryCards shopId={shopId} />
        <InvoiceList shopId={shopId} />
      </>,
      { url: '/payments?page=3' },
    );
    expect(await screen.findByText('No payment scheduled')).toBeTruthy();
    expect(within(screen.getByTestId('summary-due')).getByText('৳75')).toBeTruthy();
    await screen.findByRole('table');
    const asked = requests.find((r) => r.url.pathname === `${base}/invoices`);
    expect(asked?.url.searchParams.get('offset')).toBe('40');
  });

  it('writes amounts and dates in Bengali digits with ৳ in Bengali', async () => {
    await i18n.changeLanguage('bn');
    server.use(
      http.get(`${base}/payments/summary`, () => HttpResponse.json(summary)),
      http.get(`${base}/invoices`, () => HttpResponse.json(invoices)),
    );
    renderWithApp(
      <>
        <PaymentsSummaryCards shopId={shopId} />
        <InvoiceList shopId={shopId} />
      </>,
      { url: '/payments' },
    );
    const unpaid = await screen.findByTestId('summary-unpaid');
    expect(within(unpaid).getByText('৳১,২৩৪.৫')).toBeTruthy();
    expect(within(screen.getByTestId('summary-next')).getByText('২৮ নভেম্বর ২০২৬ তারিখে')).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('বাউন্সড পেমেন্ট')).toBeTruthy();
    expect(within(table).getByText('৳১,৪২০.৭৫')).toBeTruthy();
  });

  it("toasts the spec's words when the payment information cannot be fetched", async () => {
    server.use(http.get(`${base}/payments/summary`, failing), http.get(`${base}/invoices`, failing));
    renderWithApp(
      <>
        <ToastContainer />
        <PaymentsSummaryCards shopId={shopId} />
        <InvoiceList shopId={shopId} />
      </>,
      { url: '/payments' },
    );
    await waitFor(() =>
      expect(document.querySelector('.Toastify__toast')?.textContent).toContain(
        moneyMessages.fetchPaymentsFailed,
      ),
    );
    // The cards say it in place too, with a way to ask again.
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    // One toast for the page, however many of its parts failed with the same words.
    await screen.findByText('Something went wrong');
    expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(1);
  });
});

describe('on a 360 px phone', () => {
  it('shows the invoices and the transactions as cards, not tables', async () => {
    const desktop = window.matchMedia;
    // A phone answers "no" to every min-width query: antd's breakpoints then say xs.
    window.matchMedia = (query: string) => ({ ...desktop(query), matches: false });
    try {
      server.use(
        http.get(`${base}/invoices`, () => HttpResponse.json(invoices)),
        http.get(`${base}/transactions`, () =>
          HttpResponse.json(
            transactionListSchema.parse({
              items: [line(1, 1420.5, { trackingId: 'DK000000001' }), line(2, -60, { kind: 'return' })],
              count: 2,
            }),
          ),
        ),
      );
      renderWithApp(
        <>
          <InvoiceList shopId={shopId} />
          <TransactionList shopId={shopId} />
        </>,
        { url: '/payments' },
      );
      const invoice = await waitFor(() => {
        const card = document.querySelector('li[data-invoice="INV-000001"]') as HTMLElement | null;
        expect(card).toBeTruthy();
        return card as HTMLElement;
      });
      expect(within(invoice).getByText('Paid')).toBeTruthy();
      expect(within(invoice).getByText('৳1,420.75')).toBeTruthy();
      expect(within(invoice).getByText(/12 parcels/)).toBeTruthy();
      const credit = await waitFor(() => {
        const card = document.querySelector('li[data-transaction="1"]') as HTMLElement | null;
        expect(card).toBeTruthy();
        return card as HTMLElement;
      });
      expect(within(credit).getByText('+৳1,420.5')).toBeTruthy();
      expect(
        within(document.querySelector('li[data-transaction="2"]') as HTMLElement).getByText('−৳60'),
      ).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      window.matchMedia = desktop;
    }
  });
});

describe('the Transactions page', () => {
  it('lists the ledger lines signed, + green and − red, with the parcel linked', async () => {
    const body = transactionListSchema.parse({
      items: [
        line(3, -880, { kind: 'invoice', invoiceNumber: 'INV-000002' }),
        line(2, -60, { kind: 'return', trackingId: 'DK000000002' }),
        line(1, 1420.5, { kind: 'delivery', trackingId: 'DK000000001' }),
        line(4, 10, { kind: 'something_new', memo: 'A new kind of line' }),
      ],
      count: 4,
    });
    server.use(http.get(`${base}/transactions`, () => HttpResponse.json(body)));
    renderWithApp(<TransactionList shopId={shopId} />, { url: '/transactions' });

    const table = await screen.findByRole('table');
    const delivery = table.querySelector('[data-transaction="1"]') as HTMLElement;
    expect(within(delivery).getByText('Parcel delivered')).toBeTruthy();
    const plus = within(delivery).getByText('+৳1,420.5');
    expect(plus.className).toContain('money-amount--plus');
    expect(within(delivery).getByRole('link', { name: 'DK000000001' }).getAttribute('href')).toBe(
      '/parcels/DK000000001',
    );
    const invoice = table.querySelector('[data-transaction="3"]') as HTMLElement;
    expect(within(invoice).getByText('INV-000002')).toBeTruthy();
    const minus = within(invoice).getByText('−৳880');
    expect(minus.className).toContain('money-amount--minus');
    expect(
      within(table.querySelector('[data-transaction="2"]') as HTMLElement).getByText('Parcel returned'),
    ).toBeTruthy();
    expect(
      within(table.querySelector('[data-transaction="4"]') as HTMLElement).getByText('A new kind of line'),
    ).toBeTruthy();
    expect(screen.getByText('4 transactions')).toBeTruthy();
  });

  it("toasts the spec's words when the transactions cannot be fetched", async () => {
    server.use(http.get(`${base}/transactions`, failing));
    renderWithApp(
      <>
        <ToastContainer />
        <TransactionList shopId={shopId} />
      </>,
      { url: '/transactions' },
    );
    await waitFor(() =>
      expect(document.querySelector('.Toastify__toast')?.textContent).toContain(
        moneyMessages.fetchTransactionsFailed,
      ),
    );
  });
});

describe('the money words', () => {
  it("say the spec's failure messages in English, and every one in Bengali", () => {
    for (const key of ['fetchPaymentsFailed', 'fetchDueFailed', 'fetchTransactionsFailed'] as const) {
      expect(en.money.messages[key]).toBe(moneyMessages[key]);
      expect(bn.money.messages[key]).not.toBe(moneyMessages[key]);
    }
  });
});
