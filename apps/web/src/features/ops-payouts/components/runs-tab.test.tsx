import { payoutRunListSchema, payoutRunResultSchema } from '@dak/domain/money-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HttpResponse, http, recordRequests, server } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { RunsTab } from './runs-tab';

const runsUrl = '/api/v1/ops/payout-runs';
const runId = '00000000-0000-4000-8000-0000000000a1';

// Fixtures pass through the contract's schemas: a drift in money-api.ts fails here first.
const noRuns = payoutRunListSchema.parse({ items: [], count: 0 });
const result = payoutRunResultSchema.parse({
  id: runId,
  invoiceCount: 3,
  totalAmount: 12_450.5,
  skipped: [
    {
      shopId: '00000000-0000-4000-8000-0000000000b1',
      shopName: 'Rupkotha Fashion',
      reason: 'no_payment_method',
      amount: 820,
    },
    { shopId: '00000000-0000-4000-8000-0000000000b2', shopName: 'Dhaka Gadgets', reason: 'below_minimum' },
    { shopId: '00000000-0000-4000-8000-0000000000b3', reason: 'payment_method_not_updated' },
  ],
});

describe('payout runs: run now', () => {
  it('runs payouts for today and shows the invoices, the total and each skipped shop with its reason in words', async () => {
    const requests = recordRequests();
    let runs = noRuns;
    server.use(
      http.get(runsUrl, () => HttpResponse.json(runs)),
      http.post(runsUrl, () => {
        runs = payoutRunListSchema.parse({
          items: [
            {
              id: runId,
              date: '2026-11-26',
              status: 'done',
              invoiceCount: 3,
              totalAmount: 12_450.5,
              skippedCount: 3,
              createdAt: '2026-11-26T04:00:00.000Z',
            },
          ],
          count: 1,
        });
        return HttpResponse.json(result, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<RunsTab />, { url: '/ops/payouts' });
    expect(await screen.findByText('No payout runs yet.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Run payouts now/ }));

    const done = await screen.findByRole('status');
    expect(within(done).getByText('3 invoices, ৳12,450.5 in all.')).toBeTruthy();
    const skipped = within(done).getByRole('region', { name: 'Skipped shops' });
    expect(within(skipped).getByText('Skipped shops (3)')).toBeTruthy();
    const rupkotha = skipped.querySelector('[data-shop-id="00000000-0000-4000-8000-0000000000b1"]');
    expect(rupkotha?.textContent).toContain('Rupkotha Fashion');
    expect(rupkotha?.textContent).toContain('No payment method');
    expect(rupkotha?.textContent).toContain('Balance ৳820');
    expect(within(skipped).getByText('Balance below the payout minimum')).toBeTruthy();
    // A shop the server did not name is still listed, by its id, with its reason.
    const unnamed = skipped.querySelector('[data-shop-id="00000000-0000-4000-8000-0000000000b3"]');
    expect(unnamed?.textContent).toContain('Last payment bounced and the payment method is not updated yet');

    // No date chosen: the body asks for today (the server's Dhaka date), and the list is asked again.
    const post = requests.find((r) => r.method === 'POST' && r.url.pathname === runsUrl);
    expect(post?.body).toEqual({});
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('26 November 2026')).toBeTruthy());
  });
});
