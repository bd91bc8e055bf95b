import { randomUUID } from 'node:crypto';
import { cashMessages, handoverOf, onPrepaymentHold, takaToPoisha } from '@dak/domain/cash';
import { dhakaDate, dhakaDayStart } from '@dak/domain/delivery-runs';
import { hubWorkMessages } from '@dak/domain/hub-work';
import { accountCodes, moneyMessages } from '@dak/domain/money';
import type { HubCash, RiderCash } from '@dak/domain/money-api';
import { operationsMessages } from '@dak/domain/operations';
import { readParcelListPreferences } from '@dak/domain/parcel-list';
import type { Kysely } from 'kysely';
import type { DB, Executor } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { assertHub, type StaffScope } from '../../lib/staff-scope';
import { type LedgerService, post } from '../ledger/ledger.service';
import { type CashRepository, createCashRepository } from './cash.repository';

const taka = (poisha: number) => poisha / 100;

/** Taka from the desk in poisha, or a 400 naming the field. */
function poishaOf(amount: number, field: string): number {
  const poisha = takaToPoisha(amount);
  if (poisha === null) throw new AppError('VALIDATION_FAILED', moneyMessages.amountInvalid, { field });
  return poisha;
}

/**
 * Whether the shop's new bookings start on pickup_hold: it owes Dak more than the limit and its
 * owner turned the prepayment hold on. Read inside the booking's transaction.
 */
export async function isOnPrepaymentHold(
  trx: Executor,
  shopId: string,
  deps: { limitPoisha: number; ledger: Pick<LedgerService, 'balances'>; repo: CashRepository },
): Promise<boolean> {
  const preferences = readParcelListPreferences(await deps.repo.ownerPreferences(trx, shopId));
  if (!preferences.prepaymentHold) return false;
  const code = accountCodes.shop(shopId);
  const balance = (await deps.ledger.balances([code], trx)).get(code) ?? 0;
  return onPrepaymentHold(balance, deps.limitPoisha, preferences.prepaymentHold);
}

export type CashDeps = {
  db: Kysely<DB>;
  clock: Clock;
  ledger: Pick<LedgerService, 'balances'>;
  negativeBalanceLimitTaka: number;
};

/**
 * Rider and hub cash (issue 13, item 3): the hand-over at the hub counted against what the ledger
 * says the rider holds, the hub's bank deposits, and the summaries of the desk and the rider.
 */
export function createCashService(deps: CashDeps) {
  const { db, clock, ledger } = deps;
  const repo = createCashRepository(db);
  const limitPoisha = deps.negativeBalanceLimitTaka * 100;

  async function hubInScope(viewer: StaffScope, hubId: string) {
    assertHub(viewer, hubId, () => new AppError('FORBIDDEN', hubWorkMessages.notYourHub));
    if (!(await repo.hubExists(hubId))) throw new AppError('NOT_FOUND', cashMessages.hubNotFound);
  }

  return {
    isOnPrepaymentHold: (trx: Executor, shopId: string) =>
      isOnPrepaymentHold(trx, shopId, { limitPoisha, ledger, repo }),

    /**
     * The rider hands their cash over at the hub: `counted` goes from the rider to the hub's cash,
     * the rest of what the ledger says the rider holds to the rider's shortage (a receivable), in
     * one entry. The rider's account row is locked first, so two hand-overs at once are counted
     * one after the other (the second finds nothing left). With an Idempotency-Key, a retry
     * answers the first hand-over and posts nothing.
     */
    async handOver(
      viewer: StaffScope,
      hubId: string,
      input: { riderId: string; amount: number },
      idempotencyKey?: string,
    ) {
      await hubInScope(viewer, hubId);
      const countedPoisha = poishaOf(input.amount, 'amount');
      const rider = await repo.rider(input.riderId);
      if (!rider) throw new AppError('NOT_FOUND', operationsMessages.riderNotFound, { field: 'riderId' });
      if (!rider.hub_ids.includes(hubId)) {
        throw new AppError('FORBIDDEN', cashMessages.riderNotInHub, { field: 'riderId' });
      }
      const riderCode = accountCodes.rider(rider.id);
      const key = `cash_handover:${rider.id}:${idempotencyKey ?? randomUUID()}`;
      return db.transaction().execute(async (trx) => {
        const hasAccount = await repo.lockAccount(trx, riderCode);
        const earlier = idempotencyKey ? await repo.handoverByKey(trx, key) : null;
        if (earlier) {
          if (earlier.hubId !== hubId)
            throw new AppError('IDEMPOTENCY_KEY_REUSED', cashMessages.idempotencyKeyReused);
          return {
            expected: taka(earlier.countedPoisha + earlier.shortagePoisha),
            counted: taka(earlier.countedPoisha),
            shortage: taka(earlier.shortagePoisha),
          };
        }
        const expectedPoisha = hasAccount
          ? ((await ledger.balances([riderCode], trx)).get(riderCode) ?? 0)
          : 0;
        const handover = handoverOf(expectedPoisha, countedPoisha);
        if (!handover.ok) {
          throw handover.reason === 'holds_nothing'
            ? new AppError('CONFLICT', moneyMessages.riderHoldsNothing, { field: 'riderId' })
            : new AppError(
                'CONFLICT',
                cashMessages.countedMoreThanHeld(taka(countedPoisha), taka(expectedPoisha)),
                { field: 'amount', expected: taka(expectedPoisha) },
              );
        }
        await post(trx, {
          key,
          kind: 'cash_handover',
          at: clock.now(),
          hubId,
          staffId: rider.id,
          createdByStaffId: viewer.staffId,
          lines: [
            { account: riderCode, amountPoisha: -expectedPoisha },
            { account: accountCodes.hub(hubId), amountPoisha: countedPoisha },
            { account: accountCodes.riderShortage(rider.id), amountPoisha: handover.shortagePoisha },
          ],
        });
        return {
          expected: taka(expectedPoisha),
          counted: taka(countedPoisha),
          shortage: taka(handover.shortagePoisha),
        };
      });
    },

    /** The hub's cash desk: its cash, and its riders who hold cash or owe a shortage. */
    async hubCash(viewer: StaffScope, hubId: string): Promise<HubCash> {
      await hubInScope(viewer, hubId);
      const riders = await repo.ridersOfHub(hubId);
      const hubCode = accountCodes.hub(hubId);
      const balances = await ledger.balances([
        hubCode,
        ...riders.flatMap((r) => [accountCodes.rider(r.id), accountCodes.riderShortage(r.id)]),
      ]);
      return {
        hubId,
        hubCash: taka(balances.get(hubCode) ?? 0),
        riders: riders
          .map((r) => ({
            riderId: r.id,
            name: r.name,
            phone: r.phone,
            holding: taka(balances.get(accountCodes.rider(r.id)) ?? 0),
            shortage: taka(balances.get(accountCodes.riderShortage(r.id)) ?? 0),
          }))
          .filter((r) => r.holding > 0 || r.shortage > 0),
      };
    },

    /**
     * What the riders of each hub hold (every hub when `hubIds` is null), for the operations
     * overview: the riders holding cash and the sum, in poisha, by hub. One balances read for all.
     */
    async ridersHoldingByHub(hubIds: readonly string[] | null) {
      const riders = await repo.ridersOfHubs(hubIds);
      const balances = await ledger.balances(riders.map((r) => accountCodes.rider(r.id)));
      const byHub = new Map<string, { riders: number; holdingPoisha: number }>();
      for (const r of riders) {
        const holding = balances.get(accountCodes.rider(r.id)) ?? 0;
        if (holding <= 0) continue;
        const hub = byHub.get(r.hub_id) ?? { riders: 0, holdingPoisha: 0 };
        byHub.set(r.hub_id, { riders: hub.riders + 1, holdingPoisha: hub.holdingPoisha + holding });
      }
      return byHub;
    },

    /**
     * Finance records the hub's bank deposit: the hub's cash goes to the bank settlement account.
     * The hub's account row is locked, so two deposits at once cannot both take the same cash.
     */
    async deposit(
      viewer: StaffScope,
      hubId: string,
      input: { amount: number; bankReference: string; depositedOn: string },
    ) {
      await hubInScope(viewer, hubId);
      const amountPoisha = poishaOf(input.amount, 'amount');
      const hubCode = accountCodes.hub(hubId);
      return db.transaction().execute(async (trx) => {
        const hasAccount = await repo.lockAccount(trx, hubCode);
        const held = hasAccount ? ((await ledger.balances([hubCode], trx)).get(hubCode) ?? 0) : 0;
        if (amountPoisha <= 0 || amountPoisha > held) {
          throw new AppError('CONFLICT', cashMessages.depositMoreThanHeld(taka(amountPoisha), taka(held)), {
            field: 'amount',
          });
        }
        const at = clock.now();
        const entryId = await post(trx, {
          key: `hub_deposit:${hubId}:${randomUUID()}`,
          kind: 'hub_deposit',
          at,
          hubId,
          createdByStaffId: viewer.staffId,
          memo: input.bankReference,
          lines: [
            { account: hubCode, amountPoisha: -amountPoisha },
            { account: accountCodes.settlement('bank'), amountPoisha: amountPoisha },
          ],
        });
        if (entryId === null) throw new Error('deposit not posted');
        const id = await repo.insertDeposit(trx, {
          hub_id: hubId,
          amount_poisha: amountPoisha,
          bank_reference: input.bankReference,
          deposited_on: input.depositedOn,
          recorded_by_staff_id: viewer.staffId,
          entry_id: entryId,
          at,
        });
        return { id, hubCash: taka(held - amountPoisha) };
      });
    },

    async deposits(viewer: StaffScope, hubId: string, page: { limit: number; offset: number }) {
      await hubInScope(viewer, hubId);
      const { items, count } = await repo.deposits(hubId, page);
      return {
        count,
        items: items.map((d) => ({
          id: Number(d.id),
          hubId: d.hub_id,
          amount: taka(Number(d.amount_poisha)),
          bankReference: d.bank_reference,
          depositedOn: d.deposited_on,
          recordedBy: d.recorded_by,
          at: d.at.toISOString(),
        })),
      };
    },

    /** The signed-in rider's cash: held now, collected and handed over today (Dhaka), shortage owed. */
    async riderCash(riderId: string): Promise<RiderCash> {
      const riderCode = accountCodes.rider(riderId);
      const shortageCode = accountCodes.riderShortage(riderId);
      const since = dhakaDayStart(dhakaDate(clock.now()));
      const [balances, day] = await Promise.all([
        ledger.balances([riderCode, shortageCode]),
        repo.riderDay(riderId, riderCode, since),
      ]);
      return {
        holding: taka(balances.get(riderCode) ?? 0),
        collectedToday: taka(day.collectedPoisha),
        handedOverToday: taka(day.handedOverPoisha),
        shortage: taka(balances.get(shortageCode) ?? 0),
      };
    },
  };
}
export type CashService = ReturnType<typeof createCashService>;
