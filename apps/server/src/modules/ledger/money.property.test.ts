import { accountCodes, compensationCapPoisha } from '@dak/domain/money';
import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { aParcel, aShop, aStaff, type Shop, type Staff, walk } from '../../../test/factories';
import { caller } from '../../../test/fixtures';
import { returnOtp, uniquePhone, useTestApp } from '../../../test/helpers';
import { createInvoice, decideInvoicePayment } from '../invoices/invoices.service';

/**
 * Issue 13's property: random sequences of bookings, deliveries (full, partial, nothing), returns,
 * losses, hand-overs with shortages, payout runs, bounces and payments; after every step the ledger
 * sums to zero, the rider holds and owes what the model says, every shop
 * is owed exactly the nets of its final parcels less its live invoices, and every invoice pays
 * exactly the parcels a run should have picked. The model below computes each parcel's net by
 * hand (1% COD fee rounded up to whole taka, the return charge, the compensation cap), not with
 * the code under test.
 */

const t = useTestApp();
const call = caller(t);
const hub = 'hub-dhaka-gulshan';
let admin: Staff;
let rider: Staff;
let shops: Shop[];

type ModelParcel = {
  id: string;
  trackingId: string;
  shop: number;
  cash: number;
  delivery: number;
  returnCharge: number;
  selling: number;
  state: 'out' | 'final';
  net: number;
  /** The test day on which its money became final. */
  finalDay: number;
  /** On a live (processing or paid) invoice. */
  invoiced: boolean;
};
type ModelInvoice = {
  id: string;
  shop: number;
  net: number;
  parcels: string[];
  status: 'processing' | 'paid' | 'bounced';
};

type Model = {
  parcels: ModelParcel[];
  invoices: ModelInvoice[];
  day: number;
  runs: number;
  /** Poisha the rider holds, what they owe from short counts, and what the hub counted in. */
  riderHolds: number;
  riderOwes: number;
  hubCash: number;
};

const minimumPoisha = 100_00;

beforeAll(async () => {
  admin = await aStaff(t, { role: 'admin' });
  rider = await aStaff(t, { role: 'rider', hub, name: 'Rubel' });
  shops = [await aShop(t), await aShop(t)];
});

/** Books a parcel and puts it on the rider's run, out for delivery. */
async function book(model: Model, shop: number, cashTaka: number, sellingTaka: number) {
  const customerPhone = uniquePhone();
  const parcel = await aParcel(
    t,
    { shop: shops[shop] as Shop, status: 'at_delivery_hub', by: admin },
    { customerPhone, cashCollectionAmount: cashTaka, sellingPrice: sellingTaka },
  );
  const run = await call('POST', '/ops/delivery-runs', admin.token, {
    riderId: rider.id,
    trackingIds: [parcel.trackingId],
  });
  expect(run.statusCode, run.body).toBe(200);
  const row = await t.database.db
    .selectFrom('parcels')
    .select(['delivery_charge_poisha', 'return_charge_poisha'])
    .where('id', '=', parcel.id)
    .executeTakeFirstOrThrow();
  model.parcels.push({
    ...parcel,
    shop,
    cash: cashTaka * 100,
    delivery: Number(row.delivery_charge_poisha),
    returnCharge: Number(row.return_charge_poisha),
    selling: sellingTaka * 100,
    state: 'out',
    net: 0,
    finalDay: -1,
    invoiced: false,
  });
}

const codFee = (collectedPoisha: number) => Math.ceil(collectedPoisha / 100 / 100) * 100;

function finalise(model: Model, parcel: ModelParcel, net: number) {
  parcel.state = 'final';
  parcel.net = net;
  parcel.finalDay = model.day;
}

async function deliver(model: Model, parcel: ModelParcel, share: 'full' | 'half' | 'none') {
  const collected =
    share === 'full' ? parcel.cash : share === 'half' ? Math.floor(parcel.cash / 200) * 100 : 0;
  await walk(t, admin.token, parcel.trackingId, [{ status: 'delivered', amountCollected: collected / 100 }]);
  finalise(model, parcel, collected - parcel.delivery - codFee(collected));
  // The parcel was on the rider's run: the cash is in the rider's hand.
  model.riderHolds += collected;
}

async function returnToMerchant(model: Model, parcel: ModelParcel) {
  await walk(t, admin.token, parcel.trackingId, [
    { status: 'delivery_attempted', reason: 'customer_refused' },
    'return_at_delivery_hub',
    'at_return_hub',
    'out_for_return',
  ]);
  const phone = (shops[parcel.shop] as Shop).user.phone;
  const code = await returnOtp(t.app, phone);
  await walk(t, admin.token, parcel.trackingId, [{ status: 'returned', otp: code } as never]);
  finalise(model, parcel, -parcel.returnCharge);
}

async function lose(model: Model, parcel: ModelParcel) {
  await walk(t, admin.token, parcel.trackingId, ['lost']);
  const declared = parcel.selling > 0 ? parcel.selling : parcel.cash;
  finalise(model, parcel, Math.min(declared, compensationCapPoisha));
}

/** A payout run an hour on: each shop is invoiced what became final before it (sessions outlive the hours). */
async function payoutRun(model: Model) {
  t.clock.advance(3600_000);
  // The console's session ends after hours idle: the admin signs in again, as a person would.
  admin = await aStaff(t, { role: 'admin' });
  model.day += 1;
  model.runs += 1;
  const cutoff = new Date(t.clock.now().getTime() - 1);
  const run = await t.database.db
    .insertInto('payout_runs')
    .values({ run_date: `2030-01-${String(model.runs).padStart(2, '0')}`, cutoff })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [shop, s] of shops.entries()) {
    const due = model.parcels.filter((p) => p.shop === shop && p.state === 'final' && !p.invoiced);
    const expected = due.reduce((sum, p) => sum + p.net, 0);
    const outcome = await t.database.db.transaction().execute((trx) =>
      createInvoice(trx, {
        shopId: s.shop.id,
        runId: run.id,
        cutoff,
        method: 'bkash',
        minimumPoisha,
        at: t.clock.now(),
      }),
    );
    if (due.length > 0 && expected >= minimumPoisha) {
      expect(outcome).toMatchObject({ kind: 'invoiced', netPoisha: expected });
      if (outcome.kind !== 'invoiced') return;
      expect(outcome.parcels.map((p) => p.tracking_id).sort()).toEqual(due.map((p) => p.trackingId).sort());
      for (const p of due) p.invoiced = true;
      model.invoices.push({
        id: outcome.invoiceId,
        shop,
        net: expected,
        parcels: due.map((p) => p.trackingId),
        status: 'processing',
      });
    } else {
      expect(outcome.kind).toBe('skipped');
    }
  }
}

/** The rider hands the cash over at the hub, `shortTaka` short (as much as they hold at most). */
async function handOver(model: Model, shortTaka: number) {
  const short = Math.min(shortTaka * 100, model.riderHolds);
  const counted = model.riderHolds - short;
  const res = await call('POST', `/ops/hubs/${hub}/cash-handovers`, admin.token, {
    riderId: rider.id,
    amount: counted / 100,
  });
  if (model.riderHolds === 0) {
    expect(res.statusCode, res.body).toBe(409);
    return;
  }
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({
    expected: model.riderHolds / 100,
    counted: counted / 100,
    shortage: short / 100,
  });
  model.riderHolds = 0;
  model.riderOwes += short;
  model.hubCash += counted;
}

async function decide(model: Model, invoice: ModelInvoice, paid: boolean) {
  await t.database.db
    .transaction()
    .execute((trx) =>
      decideInvoicePayment(
        trx,
        invoice.id,
        paid
          ? { status: 'paid', reference: `TX-${invoice.id.slice(0, 8)}` }
          : { status: 'bounced', reason: 'Account closed' },
        { staffId: admin.id, at: t.clock.now() },
      ),
    );
  invoice.status = paid ? 'paid' : 'bounced';
  if (!paid) {
    for (const p of model.parcels) if (invoice.parcels.includes(p.trackingId)) p.invoiced = false;
  }
}

async function checkBooks(model: Model) {
  const total = await sql<{
    total: string | null;
  }>`select sum(amount_poisha) as total from journal_lines`.execute(t.database.db);
  expect(Number(total.rows[0]?.total ?? 0)).toBe(0);
  for (const [shop, s] of shops.entries()) {
    const balance = await sql<{ balance: string | null }>`
      select sum(l.amount_poisha) as balance from journal_lines l
      join ledger_accounts a on a.id = l.account_id where a.code = ${accountCodes.shop(s.shop.id)}`.execute(
      t.database.db,
    );
    const owed = 0 - Number(balance.rows[0]?.balance ?? 0);
    const nets = model.parcels
      .filter((p) => p.shop === shop && p.state === 'final')
      .reduce((sum, p) => sum + p.net, 0);
    const paidOut = model.invoices
      .filter((i) => i.shop === shop && i.status !== 'bounced')
      .reduce((sum, i) => sum + i.net, 0);
    expect(owed, `shop ${shop}`).toBe(nets - paidOut);
  }
  const cash = await sql<{ code: string; balance: string }>`
    select a.code, sum(l.amount_poisha) as balance from journal_lines l
    join ledger_accounts a on a.id = l.account_id
    where a.code in (${accountCodes.rider(rider.id)}, ${accountCodes.riderShortage(rider.id)}, ${accountCodes.hub(hub)})
    group by a.code`.execute(t.database.db);
  const balance = (code: string) => Number(cash.rows.find((r) => r.code === code)?.balance ?? 0);
  expect(balance(accountCodes.rider(rider.id)), 'rider holds').toBe(model.riderHolds);
  expect(balance(accountCodes.riderShortage(rider.id)), 'rider owes').toBe(model.riderOwes);
  expect(balance(accountCodes.hub(hub)), 'hub cash').toBe(model.hubCash);
}

type Command =
  | { kind: 'book'; shop: number; cash: number; selling: number }
  | { kind: 'deliver'; pick: number; share: 'full' | 'half' | 'none' }
  | { kind: 'return'; pick: number }
  | { kind: 'lose'; pick: number }
  | { kind: 'handover'; short: number }
  | { kind: 'run' }
  | { kind: 'decide'; pick: number; paid: boolean };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('book' as const),
      shop: fc.integer({ min: 0, max: 1 }),
      cash: fc.constantFrom(0, 350, 1250, 4000),
      selling: fc.constantFrom(0, 1200, 25_000),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('deliver' as const),
      pick: fc.nat(),
      share: fc.constantFrom('full' as const, 'half' as const, 'none' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('return' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('lose' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('handover' as const), short: fc.constantFrom(0, 0, 10, 50) }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'run' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('decide' as const), pick: fc.nat(), paid: fc.boolean() }),
  },
);

async function apply(model: Model, c: Command) {
  const out = model.parcels.filter((p) => p.state === 'out');
  const pick = <T>(list: T[], n: number) => list[n % list.length];
  switch (c.kind) {
    case 'book':
      return book(model, c.shop, c.cash, c.selling);
    case 'deliver': {
      const p = pick(out, c.pick);
      return p && deliver(model, p, c.share);
    }
    case 'return': {
      const p = pick(out, c.pick);
      return p && returnToMerchant(model, p);
    }
    case 'lose': {
      const p = pick(out, c.pick);
      return p && lose(model, p);
    }
    case 'handover':
      return handOver(model, c.short);
    case 'run':
      return payoutRun(model);
    case 'decide': {
      const i = pick(
        model.invoices.filter((x) => x.status === 'processing'),
        c.pick,
      );
      return i && decide(model, i, c.paid);
    }
  }
}

describe('the books under random days of work', () => {
  it('sum to zero and owe each shop its parcels’ nets less its live invoices after every step', async () => {
    // One model across runs: the database is shared by the runs, so the model carries on with it.
    const model: Model = {
      parcels: [],
      invoices: [],
      day: 0,
      runs: 0,
      riderHolds: 0,
      riderOwes: 0,
      hubCash: 0,
    };
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 14 }), async (commands) => {
        for (const c of commands) {
          await apply(model, c);
          await checkBooks(model);
        }
      }),
      { numRuns: 12, endOnFailure: true },
    );
    expect(model.invoices.length).toBeGreaterThan(0);
  }, 240_000);
});
