import { describe, expect, it } from 'vitest';
import { bulkMessages } from './bulk';
import { messageOf } from './messages';
import { parcelCreateSchema, parcelMessages } from './parcel';
import { assertTransition, TransitionError, transitionMessages } from './parcel-status';
import { pricingMessages } from './pricing-rules';

describe('messages by key', () => {
  it('gives every catalogue text its stable key', () => {
    expect(messageOf(parcelMessages.notFound)).toEqual({ key: 'parcels.notFound' });
    expect(messageOf(pricingMessages.weightTooLow)).toEqual({ key: 'pricing.weightTooLow' });
    expect(messageOf(pricingMessages.cashTooHigh)).toEqual({
      key: 'pricing.cashTooHigh',
      params: { max: 500000 },
    });
    expect(messageOf(bulkMessages.noRows)).toEqual({ key: 'bulk.noRows' });
  });

  it('keeps the parameters of a text rendered with them', () => {
    expect(messageOf(bulkMessages.tooManyRows(250))).toEqual({
      key: 'bulk.tooManyRows',
      params: { limit: 250 },
    });
    expect(messageOf(transitionMessages.amountTooHigh(1250))).toEqual({
      key: 'transition.amountTooHigh',
      params: { cash: 1250 },
    });
  });

  it('keys the field rules of a schema with the field as a parameter', () => {
    const result = parcelCreateSchema.safeParse({});
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((i) => i.path[0] === 'customerName');
    expect(messageOf(issue?.message ?? '')).toEqual({
      key: 'field.required',
      params: { field: 'Customer name' },
    });
  });

  it('knows no text it did not give out', () => {
    expect(messageOf('Customer name is required, please')).toBeUndefined();
  });

  it('the status machine throws one error with a key and params', () => {
    const caught = (run: () => void) => {
      try {
        run();
      } catch (error) {
        return error as TransitionError;
      }
      throw new Error('expected a refusal');
    };
    const illegal = caught(() =>
      assertTransition('delivered', 'pickup_pending', { kind: 'staff', role: 'admin' }),
    );
    expect(illegal).toBeInstanceOf(TransitionError);
    expect({ refusal: illegal.refusal, key: illegal.key, params: illegal.params }).toEqual({
      refusal: 'illegal',
      key: 'transition.cannotGo',
      params: { from: 'delivered', to: 'pickup_pending' },
    });
    expect(illegal.message).toBe('A parcel cannot go from delivered to pickup_pending');
    const forbidden = caught(() =>
      assertTransition('at_sorting', 'lost', { kind: 'staff', role: 'hub_manager' }),
    );
    expect([forbidden.refusal, forbidden.key, forbidden.params.actor]).toEqual([
      'forbidden',
      'transition.notAllowed',
      'hub_manager',
    ]);
    const input = caught(() =>
      assertTransition(
        'out_for_delivery',
        'delivered',
        { kind: 'staff', role: 'admin' },
        { amountCollected: 900, cashToCollect: 500 },
      ),
    );
    expect([input.refusal, input.field, input.key, input.params]).toEqual([
      'input',
      'amountCollected',
      'transition.amountTooHigh',
      { cash: 500 },
    ]);
  });
});
