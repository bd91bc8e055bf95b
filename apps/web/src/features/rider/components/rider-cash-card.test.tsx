import { riderCashSchema } from '@dak/domain/money-api';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { HttpResponse, http, server } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { RiderCashCard } from './rider-cash-card';

const cash = riderCashSchema.parse({
  holding: 3_450,
  collectedToday: 5_200,
  handedOverToday: 1_750,
  shortage: 120,
});

describe("the rider's cash card", () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows what the rider holds, collected and handed over today, and the shortage they owe', async () => {
    server.use(http.get('/api/v1/ops/rider/cash', () => HttpResponse.json(cash)));
    renderWithApp(<RiderCashCard />, { url: '/rider/run' });
    const card = await screen.findByRole('region', { name: 'My cash' });
    const figure = (label: string) => within(card).getByText(label).nextElementSibling?.textContent;
    expect(figure('Cash in hand')).toBe('৳3,450');
    expect(figure('Collected today')).toBe('৳5,200');
    expect(figure('Handed over today')).toBe('৳1,750');
    expect(figure('Shortage owed')).toBe('৳120');
    expect(within(card).getByText(/Settle it at the hub/)).toBeTruthy();
  });

  it('reads in Bengali with Bengali digits, and says nothing of a shortage when there is none', async () => {
    await i18n.changeLanguage('bn');
    server.use(http.get('/api/v1/ops/rider/cash', () => HttpResponse.json({ ...cash, shortage: 0 })));
    renderWithApp(<RiderCashCard />, { url: '/rider/run' });
    const card = await screen.findByRole('region', { name: 'আমার ক্যাশ' });
    expect(within(card).getByText('হাতে ক্যাশ').nextElementSibling?.textContent).toBe('৳৩,৪৫০');
    expect(within(card).queryByText(/হাবে পরিশোধ করুন/)).toBeNull();
  });
});
