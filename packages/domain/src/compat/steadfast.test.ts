import { describe, expect, it } from 'vitest';
import { parcelCreateSchema } from '../parcel';
import { parcelStatuses } from '../parcel-status';
import {
  steadfastBookingOf,
  steadfastBulkItems,
  steadfastDeliveryStatuses,
  steadfastMessages,
  steadfastOrderSchema,
  steadfastReturnStatusOf,
  steadfastStatusOf,
  steadfastTime,
} from './steadfast';

describe('Steadfast status vocabulary', () => {
  it('maps every Dak status to one of Steadfast’s delivery statuses', () => {
    for (const status of parcelStatuses) {
      expect(steadfastDeliveryStatuses, status).toContain(steadfastStatusOf(status));
    }
  });

  it('follows the lifecycle: booked in review, the journey pending, the return leg cancelled', () => {
    expect(steadfastStatusOf('pickup_pending')).toBe('in_review');
    expect(steadfastStatusOf('out_for_delivery')).toBe('pending');
    expect(steadfastStatusOf('delivery_attempted')).toBe('hold');
    expect(steadfastStatusOf('delivered')).toBe('delivered');
    expect(steadfastStatusOf('delivered', true)).toBe('partial_delivered');
    expect(steadfastStatusOf('returned')).toBe('cancelled');
    expect(steadfastStatusOf('lost')).toBe('unknown');
    // Only a delivery can be partial.
    expect(steadfastStatusOf('returned', true)).toBe('cancelled');
  });

  it('gives a return request’s status only on the return leg', () => {
    expect(steadfastReturnStatusOf('return_in_transit')).toBe('processing');
    expect(steadfastReturnStatusOf('returned')).toBe('completed');
    expect(steadfastReturnStatusOf('delivered')).toBeNull();
  });
});

describe('Steadfast orders', () => {
  const order = {
    invoice: '230822-1',
    recipient_name: 'John Smith',
    recipient_phone: '01712345678',
    recipient_address: 'House 5, Road 3, Gulshan 1, Dhaka',
    cod_amount: '1060.00',
    note: 'Deliver within 3PM',
    item_description: 'Shirt',
    delivery_type: 0,
  };

  it('reads the documented body, numbers as strings too, and maps it to a valid Dak booking', () => {
    const parsed = steadfastOrderSchema.parse(order);
    expect(parsed.cod_amount).toBe(1060);
    const booking = steadfastBookingOf(parsed, {
      deliveryAreaId: 'dhaka-city--gulshan',
      pickupLocationId: '00000000-0000-4000-8000-000000000001',
    });
    expect(booking).toMatchObject({
      customerName: 'John Smith',
      invoiceId: '230822-1',
      cashCollectionAmount: 1060,
      instructions: 'Deliver within 3PM — Item: Shirt',
    });
    expect(parcelCreateSchema.safeParse(booking).success).toBe(true);
  });

  it('refuses what Steadfast refuses and what Dak cannot book', () => {
    const issues = (body: object) =>
      steadfastOrderSchema.safeParse({ ...order, ...body }).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ recipient_phone: '0171234567' })).toEqual([steadfastMessages.phoneDigits]);
    expect(issues({ invoice: 'a b' })).toEqual([steadfastMessages.invoiceFormat]);
    expect(issues({ cod_amount: '10.50' })).toEqual([steadfastMessages.codAmount]);
    expect(issues({ delivery_type: 1 })).toEqual([steadfastMessages.pointDelivery]);
    expect(issues({ recipient_address: undefined })).toEqual(['The recipient address field is required.']);
  });

  it('takes bulk data as an array or its JSON string, 1 to 500 orders', () => {
    expect(steadfastBulkItems([order])).toEqual([order]);
    expect(steadfastBulkItems(JSON.stringify([order]))).toEqual([order]);
    expect(steadfastBulkItems('{not json')).toBe(steadfastMessages.bulkData);
    expect(steadfastBulkItems([])).toBe(steadfastMessages.bulkEmpty);
    expect(steadfastBulkItems(Array(501).fill(order))).toBe(steadfastMessages.bulkTooMany);
  });

  it('writes times as Steadfast does, with microseconds', () => {
    expect(steadfastTime(new Date('2026-11-30T06:15:02.123Z'))).toBe('2026-11-30T06:15:02.123000Z');
  });
});
