import { describe, expect, it } from 'vitest';
import {
  cashBelowFloor,
  editability,
  editabilityInForm,
  parcelEditMessages,
  parcelEditSchema,
  statusBlock,
} from './parcel-edits';
import { parcelStatuses } from './parcel-status';

const none = { customerPhone: 0, cashCollectionAmount: 0, customerAddress: 0 };

describe('editability', () => {
  it('allows every field once while in pickup or on the way out', () => {
    for (const status of ['pickup_pending', 'at_sorting', 'out_for_delivery'] as const) {
      const e = editability({ status, edits: none });
      expect(Object.values(e).every((f) => f.editable && f.reason === null)).toBe(true);
    }
  });

  it('refuses a field edited once, with its reason', () => {
    const e = editability({ status: 'pickup_pending', edits: { ...none, cashCollectionAmount: 1 } });
    expect(e.cashCollectionAmount).toEqual({
      editable: false,
      reason: 'already_edited',
      message: parcelEditMessages.already_edited,
    });
    expect(e.customerPhone.editable).toBe(true);
  });

  it('refuses everything after delivery, on the way back and when closed, the status reason first', () => {
    expect(statusBlock('delivered')).toBe('delivered');
    expect(statusBlock('return_in_transit')).toBe('returning');
    expect(statusBlock('returned')).toBe('returning');
    for (const status of ['deleted', 'cancelled', 'lost', 'damaged'] as const) {
      expect(statusBlock(status)).toBe('closed');
    }
    const e = editability({ status: 'delivered', edits: { ...none, customerPhone: 1 } });
    expect(e.customerPhone.reason).toBe('delivered');
  });

  it('keeps the cash of a parcel held for prepayment, before its own count', () => {
    const e = editability({ status: 'pickup_hold', edits: { ...none, cashCollectionAmount: 1 } });
    expect(e.cashCollectionAmount).toEqual({
      editable: false,
      reason: 'prepayment_hold',
      message: parcelEditMessages.prepayment_hold,
    });
    expect(e.customerPhone.editable).toBe(true);
    expect(e.customerAddress.editable).toBe(true);
  });

  it('lets the form open the held cash field only when the user turned the up-front block off', () => {
    const held = editability({ status: 'pickup_hold', edits: none });
    expect(editabilityInForm(held, { prepaymentBlockInEdit: true })).toBe(held);
    expect(editabilityInForm(held, { prepaymentBlockInEdit: false }).cashCollectionAmount).toEqual({
      editable: true,
      reason: null,
      message: null,
    });
    // Other reasons stay whatever the preference.
    const edited = editability({ status: 'pickup_pending', edits: { ...none, cashCollectionAmount: 1 } });
    expect(editabilityInForm(edited, { prepaymentBlockInEdit: false })).toBe(edited);
  });

  it('covers every status', () => {
    for (const status of parcelStatuses) expect(() => statusBlock(status)).not.toThrow();
  });
});

describe('cash floor', () => {
  it('applies only while pickup is pending', () => {
    expect(cashBelowFloor({ status: 'pickup_pending', cashTaka: 59, deliveryChargeTaka: 60 })).toBe(true);
    expect(cashBelowFloor({ status: 'pickup_pending', cashTaka: 60, deliveryChargeTaka: 60 })).toBe(false);
    expect(cashBelowFloor({ status: 'in_transit', cashTaka: 0, deliveryChargeTaka: 60 })).toBe(false);
  });
});

describe('parcelEditSchema', () => {
  it('normalises what it gets and needs at least one field', () => {
    expect(parcelEditSchema.parse({ customerPhone: '+88 01812-345678' })).toEqual({
      customerPhone: '8801812345678',
    });
    expect(parcelEditSchema.parse({ cashCollectionAmount: '900' })).toEqual({ cashCollectionAmount: 900 });
    expect(parcelEditSchema.safeParse({}).success).toBe(false);
    expect(parcelEditSchema.safeParse({ cashCollectionAmount: 12.5 }).success).toBe(false);
    expect(parcelEditSchema.safeParse({ customerAddress: 'বাড়ি ১২' }).success).toBe(false);
  });
});
