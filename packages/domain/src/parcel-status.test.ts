import { describe, expect, it } from 'vitest';
import {
  assertTransition,
  canTransition,
  initialParcelStatus,
  isFinalStatus,
  type ParcelStatus,
  parcelStatuses,
  parcelStatusGroups,
  parcelStatusSchema,
  parcelTransitions,
  sellerStatuses,
  sellerStatusOf,
  statusGroupOf,
} from './parcel-status';

const admin = { kind: 'staff', role: 'admin' } as const;

/** DESIGN.md section 4, written out here on purpose: a change to the table must change this too. */
const expected: Record<ParcelStatus, ParcelStatus[]> = {
  pickup_pending: ['at_sorting', 'pickup_hold', 'deleted', 'cancelled'],
  pickup_hold: ['pickup_pending', 'deleted', 'cancelled'],
  at_sorting: ['in_transit', 'at_delivery_hub', 'at_return_hub', 'lost', 'damaged'],
  in_transit: ['at_delivery_hub', 'lost', 'damaged'],
  at_delivery_hub: ['out_for_delivery', 'return_at_delivery_hub', 'lost', 'damaged'],
  out_for_delivery: ['delivered', 'delivery_attempted', 'lost', 'damaged'],
  delivery_attempted: ['out_for_delivery', 'return_at_delivery_hub', 'lost', 'damaged'],
  delivered: [],
  return_at_delivery_hub: ['return_in_transit', 'at_return_hub', 'lost', 'damaged'],
  return_in_transit: ['at_return_hub', 'lost', 'damaged'],
  at_return_hub: ['out_for_return', 'lost', 'damaged'],
  out_for_return: ['returned', 'at_return_hub', 'lost', 'damaged'],
  returned: [],
  deleted: [],
  cancelled: [],
  lost: [],
  damaged: [],
};

describe('parcel statuses', () => {
  it('declares the 17 statuses of DESIGN.md once, each in exactly one group', () => {
    expect(parcelStatuses).toHaveLength(17);
    expect(new Set(parcelStatuses).size).toBe(17);
    const grouped = Object.values(parcelStatusGroups).flat();
    expect(grouped.sort()).toEqual([...parcelStatuses].sort());
    expect(statusGroupOf('pickup_hold')).toBe('pickup');
    expect(statusGroupOf('delivery_attempted')).toBe('forward_in_progress');
    expect(statusGroupOf('out_for_return')).toBe('return_in_progress');
    expect(statusGroupOf('damaged')).toBe('closed');
  });

  it('derives the zod enum from the list', () => {
    expect(parcelStatusSchema.options).toEqual(parcelStatuses);
    expect(parcelStatusSchema.safeParse('shipped').success).toBe(false);
  });

  it('starts a booking at pickup_pending', () => {
    expect(initialParcelStatus).toBe('pickup_pending');
  });
});

describe('the transition table', () => {
  it('is exactly the table of DESIGN.md section 4', () => {
    expect(Object.keys(parcelTransitions).sort()).toEqual([...parcelStatuses].sort());
    for (const from of parcelStatuses)
      expect([...parcelTransitions[from]].sort()).toEqual(expected[from].sort());
  });

  it('allows every listed move and refuses every other pair (all 17 × 17)', () => {
    for (const from of parcelStatuses) {
      for (const to of parcelStatuses) {
        const allowed = expected[from].includes(to);
        expect(canTransition(from, to), `${from} → ${to}`).toBe(allowed);
        if (!allowed) {
          expect(() => assertTransition(from, to, admin)).toThrow(
            expect.objectContaining({ refusal: 'illegal' }),
          );
        }
      }
    }
  });

  it('never allows staying in place', () => {
    for (const s of parcelStatuses) expect(canTransition(s, s)).toBe(false);
  });

  it('makes delivered, returned and every closed status final', () => {
    const finals = parcelStatuses.filter(isFinalStatus).sort();
    expect(finals).toEqual(['cancelled', 'damaged', 'deleted', 'delivered', 'lost', 'returned']);
  });

  it('lets a merchant delete or cancel only before pickup', () => {
    const into = (to: ParcelStatus) => parcelStatuses.filter((from) => canTransition(from, to)).sort();
    expect(into('deleted')).toEqual(['pickup_hold', 'pickup_pending']);
    expect(into('cancelled')).toEqual(['pickup_hold', 'pickup_pending']);
  });

  it('reaches every status from pickup_pending, and every path ends in a final status', () => {
    const seen = new Set<ParcelStatus>([initialParcelStatus]);
    const queue: ParcelStatus[] = [initialParcelStatus];
    while (queue.length > 0) {
      const s = queue.shift() as ParcelStatus;
      for (const next of parcelTransitions[s]) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    expect([...seen].sort()).toEqual([...parcelStatuses].sort());
    for (const s of parcelStatuses) {
      const finalReachable = (from: ParcelStatus, visited = new Set<ParcelStatus>()): boolean => {
        if (isFinalStatus(from)) return true;
        visited.add(from);
        return parcelTransitions[from].some((n) => !visited.has(n) && finalReachable(n, visited));
      };
      expect(finalReachable(s), s).toBe(true);
    }
  });

  it('names both ends in its error', () => {
    expect(() => assertTransition('delivered', 'deleted', admin)).toThrow(
      'A parcel cannot go from delivered to deleted',
    );
  });
});

describe('seller status', () => {
  it('maps every status to a seller status, and deleted to deleted (spec 3)', () => {
    for (const s of parcelStatuses) expect(sellerStatuses).toContain(sellerStatusOf(s));
    expect(sellerStatusOf('deleted')).toBe('deleted');
    expect(sellerStatusOf('pickup_pending')).toBe('pickup_pending');
    expect(sellerStatusOf('at_delivery_hub')).toBe('in_transit');
    expect(sellerStatusOf('delivery_attempted')).toBe('delivery_hold');
    expect(sellerStatusOf('at_return_hub')).toBe('return_in_progress');
  });

  it('uses every seller status', () => {
    expect(new Set(parcelStatuses.map(sellerStatusOf)).size).toBe(sellerStatuses.length);
  });
});
