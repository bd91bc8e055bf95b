import { describe, expect, it } from 'vitest';
import { parcelCreateSchema } from '../parcel';
import { parcelStatuses } from '../parcel-status';
import {
  redxAreaNames,
  redxBookingOf,
  redxDeliveryTypeOf,
  redxDistrictMatches,
  redxErrorOf,
  redxNumericId,
  redxStatuses,
  redxStatusOf,
} from './redx';

describe("RedX's status words for Dak's statuses", () => {
  it('maps every Dak status to a RedX word', () => {
    for (const status of parcelStatuses) {
      expect(redxStatuses, status).toContain(redxStatusOf[status]);
    }
    expect(Object.keys(redxStatusOf).sort()).toEqual([...parcelStatuses].sort());
  });

  it('follows the reference table: pickup, hub, rider, hold, return, cancel', () => {
    expect(redxStatusOf.pickup_pending).toBe('pickup-pending');
    expect(redxStatusOf.at_sorting).toBe('picked-up');
    expect(redxStatusOf.at_delivery_hub).toBe('ready-for-delivery');
    expect(redxStatusOf.out_for_delivery).toBe('delivery-in-progress');
    expect(redxStatusOf.delivery_attempted).toBe('agent-hold');
    expect(redxStatusOf.at_return_hub).toBe('agent-returning');
    expect(redxStatusOf.returned).toBe('returned');
    expect(redxStatusOf.deleted).toBe('cancelled');
  });

  it('tells partial, exchange and reverse parcels by delivery_type', () => {
    const base = {
      parcelType: 'forward' as const,
      flowType: 'regular' as const,
      hasReverseLeg: false,
      status: 'delivered' as const,
      cashToCollectPoisha: 125_000,
      amountCollectedPoisha: 125_000,
    };
    expect(redxDeliveryTypeOf(base)).toBe('regular');
    expect(redxDeliveryTypeOf({ ...base, amountCollectedPoisha: 50_000 })).toBe('partial-delivery');
    expect(redxDeliveryTypeOf({ ...base, hasReverseLeg: true })).toBe('exchange-delivery');
    expect(redxDeliveryTypeOf({ ...base, flowType: 'exchange_return', parcelType: 'reverse' })).toBe(
      'exchange-return',
    );
    expect(redxDeliveryTypeOf({ ...base, parcelType: 'reverse' })).toBe('reverse');
  });
});

describe('a RedX parcel as a Dak booking', () => {
  const resolved = {
    deliveryAreaId: 'dhaka-city--gulshan',
    pickupLocationId: '0b7a4c2e-5d1f-4e8a-9c3b-2f6d8e1a7b45',
  };

  it('maps the documented body (every value a string, as the codeboxr client sends it)', () => {
    const body = redxBookingOf(
      {
        customer_name: 'Rahima Begum',
        customer_phone: '01712345678',
        delivery_area: 'Gulshan',
        delivery_area_id: '123',
        customer_address: 'House 5, Road 3, Gulshan 1',
        merchant_invoice_id: 'WC-1001',
        cash_collection_amount: '1250.00',
        parcel_weight: '500',
        instruction: 'Call first',
        value: '1200',
        pickup_store_id: '',
        parcel_details_json: '',
      },
      resolved,
    );
    const parsed = parcelCreateSchema.parse(body);
    expect(parsed).toMatchObject({
      customerName: 'Rahima Begum',
      customerPhone: '8801712345678',
      cashCollectionAmount: 1250,
      sellingPrice: 1200,
      weightGrams: 500,
      invoiceId: 'WC-1001',
      instructions: 'Call first',
      parcelType: 'forward',
    });
  });

  it('takes tenant_invoice_id (the doc copy’s spelling) and type reverse', () => {
    const body = redxBookingOf(
      {
        customer_name: 'A',
        customer_phone: '01712345678',
        customer_address: 'x',
        tenant_invoice_id: 'T-1',
        cash_collection_amount: 0,
        parcel_weight: 300,
        value: 0,
        type: 'reverse',
      },
      resolved,
    );
    expect(body.invoiceId).toBe('T-1');
    expect(body.parcelType).toBe('reverse');
  });

  it('reads numeric ids as numbers or digits only', () => {
    expect(redxNumericId(12)).toBe(12);
    expect(redxNumericId(' 12 ')).toBe(12);
    expect(redxNumericId('')).toBeNull();
    expect(redxNumericId('12a')).toBeNull();
    expect(redxNumericId(0)).toBeNull();
    expect(redxNumericId(1.5)).toBeNull();
  });

  it("names the failed field as RedX's in an error", () => {
    expect(
      redxErrorOf({
        code: 'VALIDATION_FAILED',
        message: 'Enter a valid phone',
        details: { fields: [{ path: 'body.customerPhone', message: 'Enter a valid phone' }] },
      }),
    ).toEqual({
      message: 'Enter a valid phone',
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'customer_phone', message: 'Enter a valid phone' }],
    });
    expect(redxErrorOf({ code: 'NOT_FOUND', message: 'Parcel not found' })).toEqual({
      message: 'Parcel not found',
      code: 'NOT_FOUND',
    });
  });
});

describe('RedX areas', () => {
  it('makes every name unique: the district for a shared name, then the kind', () => {
    const names = redxAreaNames([
      { id: 'a', nameEn: 'Gulshan', districtNameEn: 'Dhaka', kind: 'thana' },
      { id: 'b', nameEn: 'Kotwali', districtNameEn: 'Dhaka', kind: 'thana' },
      { id: 'c', nameEn: 'Kotwali', districtNameEn: 'Chattogram', kind: 'thana' },
      { id: 'd', nameEn: 'Savar', districtNameEn: 'Dhaka', kind: 'upazila' },
      { id: 'e', nameEn: 'Savar', districtNameEn: 'Dhaka', kind: 'suburb' },
    ]);
    expect([...names.values()]).toEqual([
      'Gulshan',
      'Kotwali(Dhaka)',
      'Kotwali(Chattogram)',
      'Savar(Dhaka, Upazila)',
      'Savar(Dhaka, Suburb)',
    ]);
  });

  it('finds a district by any spelling Dak knows', () => {
    const barishal = { id: 'barishal', nameEn: 'Barishal', nameBn: 'বরিশাল', aliases: ['Barisal'] };
    for (const q of ['Barishal', 'barisal', 'BARISAL DISTRICT', 'বরিশাল', 'বরিশাল জেলা']) {
      expect(redxDistrictMatches(q, barishal), q).toBe(true);
    }
    expect(redxDistrictMatches('Bogura', barishal)).toBe(false);
    expect(redxDistrictMatches('', barishal)).toBe(false);
  });
});
