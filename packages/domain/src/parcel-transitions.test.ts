import { describe, expect, it } from 'vitest';
import {
  assertTransition,
  failedAttemptReasonCodes,
  failedAttemptReasons,
  isFullDelivery,
  type ParcelStatus,
  parcelStatuses,
  parcelTransitions,
  reattemptNotApprovedMessage,
  type TransitionActor,
  type TransitionActorKey,
  TransitionError,
  type TransitionInput,
  targetRequirements,
  targetStatusesFor,
  transitionRule,
  transitionRules,
} from './parcel-status';

/** Who may make each move, written out on purpose: a change to the rules must change this too. */
const who: Partial<Record<`${ParcelStatus}>${ParcelStatus}`, TransitionActorKey[]>> = {
  'pickup_pending>at_sorting': ['admin', 'hub_manager', 'rider'],
  'pickup_pending>pickup_hold': ['system', 'admin', 'finance'],
  'pickup_pending>deleted': ['merchant'],
  'pickup_pending>cancelled': ['admin', 'support'],
  'pickup_hold>pickup_pending': ['system', 'admin', 'finance'],
  'pickup_hold>deleted': ['merchant'],
  'pickup_hold>cancelled': ['admin', 'support'],
  'at_sorting>in_transit': ['admin', 'hub_manager'],
  'at_sorting>at_delivery_hub': ['admin', 'hub_manager'],
  'at_sorting>at_return_hub': ['admin', 'hub_manager'],
  'in_transit>at_delivery_hub': ['admin', 'hub_manager'],
  'at_delivery_hub>out_for_delivery': ['admin', 'hub_manager'],
  'at_delivery_hub>return_at_delivery_hub': ['admin', 'hub_manager'],
  'out_for_delivery>delivered': ['admin', 'hub_manager', 'rider'],
  'out_for_delivery>delivery_attempted': ['admin', 'hub_manager', 'rider'],
  'delivery_attempted>out_for_delivery': ['admin', 'hub_manager'],
  'delivery_attempted>return_at_delivery_hub': ['admin', 'hub_manager', 'merchant', 'system'],
  'return_at_delivery_hub>return_in_transit': ['admin', 'hub_manager'],
  'return_at_delivery_hub>at_return_hub': ['admin', 'hub_manager'],
  'return_in_transit>at_return_hub': ['admin', 'hub_manager'],
  'at_return_hub>out_for_return': ['admin', 'hub_manager'],
  'out_for_return>returned': ['admin', 'hub_manager', 'rider'],
  'out_for_return>at_return_hub': ['admin', 'hub_manager', 'rider'],
};
for (const from of parcelStatuses) {
  if (parcelTransitions[from].includes('lost')) who[`${from}>lost`] = ['admin'];
  if (parcelTransitions[from].includes('damaged')) who[`${from}>damaged`] = ['admin', 'hub_manager'];
}

const actors: Record<TransitionActorKey, TransitionActor> = {
  admin: { kind: 'staff', role: 'admin' },
  hub_manager: { kind: 'staff', role: 'hub_manager' },
  finance: { kind: 'staff', role: 'finance' },
  support: { kind: 'staff', role: 'support' },
  // The site's content and sales staff: no rule names them, so every move refuses them.
  marketing: { kind: 'staff', role: 'marketing' },
  sales: { kind: 'staff', role: 'sales' },
  rider: { kind: 'rider', onOwnRun: true },
  merchant: { kind: 'merchant' },
  system: { kind: 'system' },
};

/** An input that satisfies every requirement, so only the actor decides. */
const complete: TransitionInput = {
  reason: 'customer_unreachable',
  amountCollected: 500,
  cashToCollect: 500,
  proof: { kind: 'otp', code: '1234' },
  otp: '5678',
  reattemptApproved: true,
};

describe('who may make each move', () => {
  it('has a rule for exactly the pairs of the transition table', () => {
    for (const from of parcelStatuses) {
      expect(Object.keys(transitionRules[from]).sort(), from).toEqual([...parcelTransitions[from]].sort());
    }
  });

  it('decides every (from, to, actor) of all 17 × 17 × 9 as written out above', () => {
    let checked = 0;
    for (const from of parcelStatuses) {
      for (const to of parcelStatuses) {
        for (const [key, actor] of Object.entries(actors) as [TransitionActorKey, TransitionActor][]) {
          const run = () => assertTransition(from, to, actor, complete);
          const allowed = who[`${from}>${to}`];
          if (!allowed) expect(refusalOf(run), `${from} → ${to}`).toBe('illegal');
          else if (allowed.includes(key)) expect(run, `${key}: ${from} → ${to}`).not.toThrow();
          else expect(refusalOf(run), `${key}: ${from} → ${to}`).toBe('forbidden');
          checked += 1;
        }
      }
    }
    expect(checked).toBe(17 * 17 * 9);
  });

  it('lets a rider act only on a parcel of their own run', () => {
    const stranger: TransitionActor = { kind: 'rider', onOwnRun: false };
    for (const [from, to] of [
      ['pickup_pending', 'at_sorting'],
      ['out_for_delivery', 'delivered'],
      ['out_for_delivery', 'delivery_attempted'],
      ['out_for_return', 'returned'],
      ['out_for_return', 'at_return_hub'],
    ] as const) {
      expect(() => assertTransition(from, to, stranger, complete)).toThrow(
        'A rider can act only on parcels of their own run',
      );
    }
  });

  it('says who was refused and which move', () => {
    expect(() => assertTransition('pickup_pending', 'deleted', actors.hub_manager)).toThrow(
      'Hub staff cannot move a parcel from pickup_pending to deleted',
    );
    expect(() => assertTransition('at_sorting', 'lost', actors.hub_manager)).toThrow(
      'Hub staff cannot move a parcel from at_sorting to lost',
    );
  });
});

describe('what each move needs', () => {
  const rider = actors.rider;
  const fails = (fn: () => void, field: string, message: string) => {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(TransitionError);
      expect((error as TransitionError).refusal).toBe('input');
      expect((error as TransitionError).field).toBe(field);
      expect((error as Error).message).toBe(message);
      return;
    }
    throw new Error('expected a TransitionError');
  };

  it('a failed attempt needs a reason from the fixed list', () => {
    for (const [from, to] of [
      ['out_for_delivery', 'delivery_attempted'],
      ['out_for_return', 'at_return_hub'],
    ] as const) {
      fails(
        () => assertTransition(from, to, rider, {}),
        'reason',
        'A reason is required for a failed attempt',
      );
      fails(
        () => assertTransition(from, to, rider, { reason: 'felt like it' }),
        'reason',
        `Reason must be one of: ${failedAttemptReasonCodes.join(', ')}`,
      );
      for (const reason of failedAttemptReasonCodes) {
        expect(() => assertTransition(from, to, actors.hub_manager, { reason })).not.toThrow();
      }
    }
  });

  it('names every reason in English and Bengali', () => {
    for (const code of failedAttemptReasonCodes) {
      expect(failedAttemptReasons[code].en.length).toBeGreaterThan(2);
      expect(failedAttemptReasons[code].bn).toMatch(/[\u0980-\u09FF]/);
    }
  });

  it('a delivery needs the amount collected: whole taka, 0 up to the cash to collect', () => {
    const proof = { kind: 'otp', code: '1234' } as const;
    const deliver = (input: TransitionInput) => () =>
      assertTransition('out_for_delivery', 'delivered', rider, { proof, cashToCollect: 1000, ...input });
    fails(deliver({}), 'amountCollected', 'The amount collected is required for a delivery');
    fails(
      deliver({ amountCollected: -1 }),
      'amountCollected',
      'The amount collected must be a whole number of taka, 0 or more',
    );
    fails(
      deliver({ amountCollected: 10.5 }),
      'amountCollected',
      'The amount collected must be a whole number of taka, 0 or more',
    );
    fails(
      deliver({ amountCollected: 1001 }),
      'amountCollected',
      'The amount collected cannot be more than the cash to collect (৳1000)',
    );
    expect(deliver({ amountCollected: 1000 })).not.toThrow();
    expect(deliver({ amountCollected: 400 })).not.toThrow();
    expect(deliver({ amountCollected: 0 })).not.toThrow();
    expect(isFullDelivery(1000, 1000)).toBe(true);
    expect(isFullDelivery(400, 1000)).toBe(false);
  });

  it("a rider's delivery needs the customer's OTP or a photo; staff recording it answer for it", () => {
    const base = { amountCollected: 100, cashToCollect: 100 };
    fails(
      () => assertTransition('out_for_delivery', 'delivered', rider, base),
      'proof',
      "A delivery needs the customer's OTP or a photo proof",
    );
    fails(
      () =>
        assertTransition('out_for_delivery', 'delivered', rider, {
          ...base,
          proof: { kind: 'otp', code: '12' },
        }),
      'proof',
      'The delivery OTP has 4 digits',
    );
    fails(
      () =>
        assertTransition('out_for_delivery', 'delivered', rider, {
          ...base,
          proof: { kind: 'photo', fileId: '' },
        }),
      'proof',
      'The photo proof is missing',
    );
    expect(() =>
      assertTransition('out_for_delivery', 'delivered', rider, {
        ...base,
        proof: { kind: 'photo', fileId: 'f1' },
      }),
    ).not.toThrow();
    expect(() => assertTransition('out_for_delivery', 'delivered', actors.hub_manager, base)).not.toThrow();
  });

  it("a return hand-over needs the merchant's 4-digit OTP, whoever hands it over", () => {
    for (const actor of [rider, actors.admin, actors.hub_manager]) {
      fails(
        () => assertTransition('out_for_return', 'returned', actor, {}),
        'otp',
        "The merchant's OTP is required to hand a return over",
      );
      fails(
        () => assertTransition('out_for_return', 'returned', actor, { otp: 'abcd' }),
        'otp',
        'The return OTP has 4 digits',
      );
      expect(() => assertTransition('out_for_return', 'returned', actor, { otp: '0042' })).not.toThrow();
    }
  });

  it('a failed parcel goes out again only after its reattempt was approved', () => {
    for (const actor of [actors.admin, actors.hub_manager]) {
      expect(refusalOf(() => assertTransition('delivery_attempted', 'out_for_delivery', actor))).toBe(
        'waiting',
      );
      expect(() => assertTransition('delivery_attempted', 'out_for_delivery', actor, {})).toThrow(
        reattemptNotApprovedMessage,
      );
      expect(() =>
        assertTransition('delivery_attempted', 'out_for_delivery', actor, { reattemptApproved: true }),
      ).not.toThrow();
    }
    // Confirming the return needs no approval.
    expect(() =>
      assertTransition('delivery_attempted', 'return_at_delivery_hub', actors.system),
    ).not.toThrow();
  });

  it('moves without requirements need nothing', () => {
    expect(transitionRule('at_sorting', 'in_transit')?.requires).toBeUndefined();
    expect(() => assertTransition('at_sorting', 'in_transit', actors.hub_manager)).not.toThrow();
    expect(transitionRule('delivered', 'returned')).toBeUndefined();
  });
});

describe('what a staff screen offers', () => {
  it('lists the statuses each role may move some parcel to, in the life-cycle order', () => {
    expect(targetStatusesFor('admin')).toEqual([
      'pickup_pending',
      'pickup_hold',
      'at_sorting',
      'in_transit',
      'at_delivery_hub',
      'out_for_delivery',
      'delivery_attempted',
      'delivered',
      'return_at_delivery_hub',
      'return_in_transit',
      'at_return_hub',
      'out_for_return',
      'returned',
      'cancelled',
      'lost',
      'damaged',
    ]);
    expect(targetStatusesFor('hub_manager')).toEqual([
      'at_sorting',
      'in_transit',
      'at_delivery_hub',
      'out_for_delivery',
      'delivery_attempted',
      'delivered',
      'return_at_delivery_hub',
      'return_in_transit',
      'at_return_hub',
      'out_for_return',
      'returned',
      'damaged',
    ]);
    expect(targetStatusesFor('support')).toEqual(['cancelled']);
    expect(targetStatusesFor('marketing')).toEqual([]);
  });

  it('says what a move to each status needs: always, or only from some statuses', () => {
    expect(targetRequirements('delivery_attempted', 'hub_manager')).toEqual({ failedReason: 'always' });
    // Staff answer for a delivery themselves; a rider needs the customer's proof.
    expect(targetRequirements('delivered', 'admin')).toEqual({ amountCollected: 'always' });
    expect(targetRequirements('delivered', 'rider')).toEqual({
      amountCollected: 'always',
      deliveryProof: 'always',
    });
    expect(targetRequirements('returned', 'admin')).toEqual({ returnOtp: 'always' });
    // Back to the return hub: a reason only when the return rider could not hand it over.
    expect(targetRequirements('at_return_hub', 'admin')).toEqual({ failedReason: 'sometimes' });
    expect(targetRequirements('return_in_transit', 'admin')).toEqual({});
    expect(targetRequirements('cancelled', 'hub_manager')).toEqual({});
  });
});

/** The refusal of the status machine's error, or 'none' when the move passes. */
function refusalOf(run: () => void): string {
  try {
    run();
  } catch (error) {
    if (error instanceof TransitionError) return error.refusal;
    throw error;
  }
  return 'none';
}
