import { moneyMessages } from '@dak/domain/money';
import { type BouncedPayment, bouncedPaymentSchema, paymentsSummarySchema } from '@dak/domain/money-api';
import { screen, waitFor, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { HttpResponse, http, recordRequests, server } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { BouncedPaymentBanner } from './bounced-payment-banner';
import { DueAmountNotice } from './due-amount-notice';

const shopId = '00000000-0000-4000-8000-000000000001';
const bouncedUrl = `/api/v1/shops/${shopId}/payments/bounced`;

function aBounce(isBankAccountInfoUpdated: boolean): BouncedPayment {
  return bouncedPaymentSchema.parse({
    bounced: {
      invoiceId: '10000000-0000-4000-8000-000000000001',
      number: 'INV-000007',
      amount: 12500.5,
      reason: 'Account closed',
      bouncedAt: '2026-11-25T10:00:00.000Z',
      isBankAccountInfoUpdated,
    },
  });
}

describe('the bounced-payment banner', () => {
  it('shows nothing when no payment bounced', async () => {
    const requests = recordRequests();
    server.use(http.get(bouncedUrl, () => HttpResponse.json(bouncedPaymentSchema.parse({ bounced: null }))));
    renderWithApp(
      <>
        <BouncedPaymentBanner shopId={shopId} />
        <p>page</p>
      </>,
    );
    await waitFor(() => expect(requests.some((r) => r.url.pathname === bouncedUrl)).toBe(true));
    // Give the answer time to render before saying nothing did.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId('bounced-banner')).toBeNull();
    expect(screen.queryByText(/bounced/)).toBeNull();
  });

  it('asks the owner to update the payment method, with the amount, invoice and reason', async () => {
    server.use(http.get(bouncedUrl, () => HttpResponse.json(aBounce(false))));
    renderWithApp(<BouncedPaymentBanner shopId={shopId} />);
    const banner = within(await screen.findByTestId('bounced-banner'));
    expect(banner.getByText('Your payment of ৳12,500.5 for invoice INV-000007 bounced')).toBeTruthy();
    expect(banner.getByText('Reason: Account closed')).toBeTruthy();
    expect(banner.getByText(/update your payment method; we pay the money again/)).toBeTruthy();
    expect(banner.queryByText(/new details will be used/)).toBeNull();
    const link = banner.getByRole('link', { name: 'Update payment method' });
    expect(link.getAttribute('href')).toBe('/settings#payment-method');
  });

  it('says the new details will be used once the payment method was updated', async () => {
    server.use(http.get(bouncedUrl, () => HttpResponse.json(aBounce(true))));
    renderWithApp(<BouncedPaymentBanner shopId={shopId} />);
    const banner = within(await screen.findByTestId('bounced-banner'));
    expect(
      banner.getByText(
        'You have updated your payment method. The new details will be used in the next payment run.',
      ),
    ).toBeTruthy();
    expect(banner.queryByText(/update your payment method; we pay the money again/)).toBeNull();
    expect(banner.getByText('Reason: Account closed')).toBeTruthy();
    expect(banner.getByRole('link', { name: 'View payment method' }).getAttribute('href')).toBe(
      '/settings#payment-method',
    );
  });
});

describe("the dashboard's due amount", () => {
  const summaryUrl = `/api/v1/shops/${shopId}/payments/summary`;
  const summary = (dueAmount: number) =>
    paymentsSummarySchema.parse({
      dueAmount,
      unpaidAmount: 0,
      processingAmount: 0,
      paidAmount: 0,
      nextPayment: null,
    });

  it('says what the shop owes, with the way to Payments', async () => {
    server.use(http.get(summaryUrl, () => HttpResponse.json(summary(120.5))));
    renderWithApp(<DueAmountNotice shopId={shopId} />);
    const notice = within(await screen.findByTestId('due-notice'));
    expect(notice.getByText('You owe Dak ৳120.5: it is taken from your next payment.')).toBeTruthy();
    expect(notice.getByRole('link', { name: 'See payments' }).getAttribute('href')).toBe('/payments');
  });

  it('says nothing when nothing is due', async () => {
    const requests = recordRequests();
    server.use(http.get(summaryUrl, () => HttpResponse.json(summary(0))));
    renderWithApp(<DueAmountNotice shopId={shopId} />);
    await waitFor(() => expect(requests.some((r) => r.url.pathname === summaryUrl)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId('due-notice')).toBeNull();
  });

  it("toasts the spec's words when the due amount cannot be fetched", async () => {
    server.use(
      http.get(summaryUrl, () =>
        HttpResponse.json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, { status: 500 }),
      ),
    );
    renderWithApp(
      <>
        <ToastContainer />
        <DueAmountNotice shopId={shopId} />
      </>,
    );
    await waitFor(() =>
      expect(document.querySelector('.Toastify__toast')?.textContent).toContain(moneyMessages.fetchDueFailed),
    );
  });
});
