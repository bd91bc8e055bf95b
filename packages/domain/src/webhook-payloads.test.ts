import { describe, expect, it } from 'vitest';
import { parcelStatuses } from './parcel-status';
import {
  dhakaDateTime,
  type ParcelMoveFacts,
  parcelStatusChangedData,
  steadfastCallbackOf,
} from './webhook-payloads';

const move: ParcelMoveFacts = {
  trackingId: 'DK2345678AB',
  merchantOrderId: 'WC-1',
  status: 'delivered',
  previousStatus: 'out_for_delivery',
  hub: null,
  codAmountPoisha: 125_000,
  amountCollectedPoisha: 125_000,
  deliveryChargePoisha: 7_000,
  reason: null,
  at: new Date('2026-11-22T18:30:05Z'),
};

describe('webhook bodies', () => {
  it("writes Steadfast's updated_at in Dhaka time, past midnight too", () => {
    expect(dhakaDateTime(new Date('2026-11-22T18:30:05Z'))).toBe('2026-11-23 00:30:05');
  });

  it('gives amounts in taka, the amount collected only on a delivery', () => {
    expect(parcelStatusChangedData(move)).toMatchObject({
      codAmount: 1250,
      amountCollected: 1250,
      deliveryCharge: 70,
    });
    expect(parcelStatusChangedData({ ...move, status: 'returned' }).amountCollected).toBeNull();
  });

  it('maps every Dak status to a Steadfast status, a partial delivery to partial_delivered', () => {
    for (const status of parcelStatuses) {
      const body = steadfastCallbackOf({ ...move, status, previousStatus: 'pickup_pending' });
      if (status === 'pickup_pending') expect(body.notification_type).toBe('tracking_update');
      else
        expect('status' in body && body.status, status).toMatch(
          /^(pending|hold|delivered|cancelled|unknown)$/,
        );
    }
    const partial = steadfastCallbackOf({ ...move, amountCollectedPoisha: 50_000 });
    expect(partial).toMatchObject({ status: 'partial_delivered', cod_amount: 500, delivery_charge: 70 });
  });
});
