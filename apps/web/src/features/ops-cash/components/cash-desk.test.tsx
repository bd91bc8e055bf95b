import { cashHandoverSchema, depositListSchema, hubCashSchema } from '@dak/domain/money-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HttpResponse, http, recordRequests, server } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { CashDesk } from './cash-desk';

const hubId = 'hub-dhaka-mirpur';
const riderId = '00000000-0000-4000-8000-0000000000d1';
const deskUrl = `/api/v1/ops/hubs/${hubId}/cash`;
const handoverUrl = `/api/v1/ops/hubs/${hubId}/cash-handovers`;
const depositsUrl = `/api/v1/ops/hubs/${hubId}/deposits`;

// Fixtures pass through the contract's schemas: a drift in money-api.ts fails here first.
const desk = (holding: number, shortage: number, hubCash: number) =>
  hubCashSchema.parse({
    hubId,
    hubCash,
    riders: [{ riderId, name: 'Karim Uddin', phone: '8801711000001', holding, shortage }],
  });

function renderDesk(canDeposit: boolean) {
  return renderWithApp(<CashDesk hubId={hubId} hubPicker={null} canDeposit={canDeposit} noHub={false} />, {
    url: `/ops/cash?hub=${hubId}`,
  });
}

describe('the hub cash desk', () => {
  it("hands a rider's cash over with the counted amount and shows the shortage in red as the rider's due", async () => {
    const requests = recordRequests();
    let counted = false;
    server.use(
      http.get(deskUrl, () => HttpResponse.json(counted ? desk(0, 300, 3_200) : desk(1_500, 0, 2_000))),
      http.post(handoverUrl, () => {
        counted = true;
        return HttpResponse.json(
          cashHandoverSchema.parse({ expected: 1_500, counted: 1_200, shortage: 300 }),
          {
            status: 201,
          },
        );
      }),
    );
    const user = userEvent.setup();
    renderDesk(false);

    expect((await screen.findByTestId('hub-cash')).textContent).toBe('৳2,000');
    const row = (await screen.findByRole('table')).querySelector(
      `[data-rider-id="${riderId}"]`,
    ) as HTMLElement;
    expect(within(row).getByText('৳1,500')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: "Hand over Karim Uddin's cash" }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/The books say Karim Uddin holds ৳1,500/)).toBeTruthy();
    // Bengali digits count too.
    await user.type(within(dialog).getByLabelText('Counted amount'), '১২০০');
    await user.click(within(dialog).getByRole('button', { name: 'Record hand-over' }));

    const short = await within(dialog).findByText("৳300 short: recorded as the rider's due");
    expect(short.closest('.ant-alert-error')).toBeTruthy();
    const shortage = within(dialog).getByText('Short').nextElementSibling as HTMLElement;
    expect(shortage.textContent).toBe('৳300');
    expect(shortage.className).toContain('cash-short');
    expect(requests.find((r) => r.url.pathname === handoverUrl)?.body).toEqual({ riderId, amount: 1200 });

    // The desk is asked again: the rider now owes the shortage, the hub holds what was counted.
    await waitFor(() => expect(screen.getByTestId('hub-cash').textContent).toBe('৳3,200'));
    // Hub staff without the deposits role never see (nor ask for) the deposits.
    expect(screen.queryByText('Bank deposits')).toBeNull();
    expect(requests.some((r) => r.url.pathname === depositsUrl)).toBe(false);
  });

  it('refuses an amount that is not taka before sending it', async () => {
    const requests = recordRequests();
    server.use(http.get(deskUrl, () => HttpResponse.json(desk(1_500, 0, 0))));
    const user = userEvent.setup();
    renderDesk(false);
    await user.click(await screen.findByRole('button', { name: "Hand over Karim Uddin's cash" }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Counted amount'), '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Record hand-over' }));
    expect(await within(dialog).findByText('Enter an amount in taka with at most two decimals')).toBeTruthy();
    expect(requests.some((r) => r.url.pathname === handoverUrl)).toBe(false);
  });

  it('lists the deposits for finance', async () => {
    server.use(
      http.get(deskUrl, () => HttpResponse.json(desk(0, 0, 5_000))),
      http.get(depositsUrl, () =>
        HttpResponse.json(
          depositListSchema.parse({
            items: [
              {
                id: 7,
                hubId,
                amount: 45_000,
                bankReference: 'DBBL-778812',
                depositedOn: '2026-11-25',
                recordedBy: 'Nasrin Akter',
                at: '2026-11-25T10:00:00.000Z',
              },
            ],
            count: 1,
          }),
        ),
      ),
    );
    renderDesk(true);
    expect(await screen.findByText('DBBL-778812')).toBeTruthy();
    expect(screen.getByText('৳45,000')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Record deposit/ })).toBeTruthy();
  });
});
