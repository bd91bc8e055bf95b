import { hubWorkMessages as m } from '@dak/domain/hub-work';
import type { ParcelStatus } from '@dak/domain/parcel-status';
import { pickupDate } from '@dak/domain/pricing';
import { normalizeTrackingId } from '@dak/domain/tracking-id';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Jobs } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import { assertHub, type StaffScope } from '../../lib/staff-scope';
import type {
  LockedParcel,
  ParcelTransitionsService,
} from '../parcel-transitions/parcel-transitions.service';
import type { HubWorkRepository } from './hub-work.repository';

/** The hub staff member at work, with the hubs they may act in (staffOf). */
export type HubWorker = StaffScope;

export type HubWorkDeps = {
  db: Kysely<DB>;
  clock: Clock;
  repo: HubWorkRepository;
  transitions: ParcelTransitionsService;
  /** A missed pickup tells the merchant (issue 14 notifications); absent in tests that build it alone. */
  jobs?: Jobs;
};

export const pickupStatuses: ParcelStatus[] = ['pickup_pending', 'pickup_hold'];

export const actorOf = (w: HubWorker) => ({ kind: 'staff' as const, ...w });

/**
 * What the four hub-work services share: the hub check, hub names, the pickup day and the
 * scanned code's parcel.
 */
export function hubWorkTools(deps: HubWorkDeps) {
  const { clock, repo, transitions } = deps;
  return {
    /**
     * The pickup day being planned: today before the 15:00 cut-off, tomorrow from then on (the
     * day parcels booked now are collected).
     */
    today: () => pickupDate(clock.now()),
    /** The calendar day in Dhaka (UTC+6). */
    dhakaDay: () => new Date(clock.now().getTime() + 6 * 3600 * 1000).toISOString().slice(0, 10),

    /** A hub manager works only in their hubs; an admin anywhere. */
    async assertWorksIn(w: HubWorker, hubId: string) {
      if (!(await repo.hubExists(hubId)))
        throw new AppError('NOT_FOUND', 'Hub not found', { field: 'hubId' });
      assertHub(w, hubId, () => new AppError('FORBIDDEN', m.notYourHub, { hubId }));
    },

    /** `trx`: inside a transaction, read on it (never a second connection while it holds one). */
    async hubName(id: string, trx?: Transaction<DB>) {
      const h = await repo.hub(id, trx);
      return { id: h.id, name: { en: h.name_en, bn: h.name_bn } };
    },

    /** The parcel a scanned code names, locked; unknown codes change nothing. */
    async lockByCode(trx: Transaction<DB>, code: string): Promise<LockedParcel> {
      const trackingId = normalizeTrackingId(code);
      const parcel = trackingId ? await transitions.lockParcel(trx, trackingId) : undefined;
      if (!parcel) throw new AppError('NOT_FOUND', m.unknownCode(code.slice(0, 60)), { code });
      return parcel;
    },

    /** The next bag or trip code: BAG-<hub>-00042. */
    async nextCode(
      seq: 'bag_code_seq' | 'trip_code_seq',
      prefix: string,
      hubId: string,
      trx?: Transaction<DB>,
    ) {
      const n = await repo.nextCode(seq, trx);
      const hub = hubId.replace(/^hub-/, '').toUpperCase().slice(0, 12);
      return `${prefix}-${hub}-${String(n).padStart(5, '0')}`;
    },
  };
}

export type HubWorkTools = ReturnType<typeof hubWorkTools>;
