import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aShop, type Shop } from '../../../test/factories';
import { caller, signInStaff } from '../../../test/fixtures';
import { useTestApp } from '../../../test/helpers';
import { aBkashNumber, aDeliveredParcel } from '../../../test/money-fixtures';
import { type Receiver, startReceiver, verifyDakSignature } from '../../../test/webhook-receiver';

/** The payment events (issue 15, item 3): an invoice made by the payout run, then paid or bounced. */

const t = useTestApp();
const call = caller(t);
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver?.close());

async function hooked(shop: Shop, path: string) {
  const res = await call('POST', `/shops/${shop.shop.id}/webhooks`, shop.token, {
    url: receiver.url(path),
    events: ['invoice.created', 'invoice.paid', 'invoice.bounced'],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; secret: string }>();
}

describe('invoice webhooks', () => {
  it('tells the shop of its invoice when the payout run makes it, and when finance pays or bounces it', async () => {
    const admin = await signInStaff(t, 'admin');
    const [paid, bounced] = [await aShop(t), await aShop(t)];
    const hooks = { paid: await hooked(paid, '/paid'), bounced: await hooked(bounced, '/bounced') };
    for (const shop of [paid, bounced]) {
      await aBkashNumber(t, shop);
      await aDeliveredParcel(t, shop, admin.token, 1000);
    }
    // Parcel moves are not subscribed to: nothing yet.
    await t.app.jobs.idle();
    expect(receiver.received).toHaveLength(0);

    // The next day at noon in Dhaka, finance runs the payouts.
    t.clock.advance(new Date('2026-11-23T12:00:00+06:00').getTime() - t.clock.now().getTime());
    const finance = await signInStaff(t, 'finance');
    const run = await call('POST', '/ops/payout-runs', finance.token, { date: '2026-11-23' });
    expect(run.statusCode, run.body).toBe(200);
    await t.app.jobs.idle();

    const created = receiver.at('/paid');
    expect(created).toHaveLength(1);
    const [first] = created;
    expect(first?.headers['dak-event']).toBe('invoice.created');
    expect(
      verifyDakSignature(first?.body ?? '', first?.headers['dak-signature'] as string, hooks.paid.secret),
    ).toBe(true);
    const invoice = JSON.parse(first?.body ?? '{}');
    expect(invoice).toMatchObject({
      type: 'invoice.created',
      shopId: paid.shop.id,
      data: { status: 'payment_processing', parcelCount: 1, invoiceId: expect.any(String) },
    });
    // What the shop is paid: the cash collected less the charges, in taka.
    expect(invoice.data.netAmount).toBeGreaterThan(0);
    expect(invoice.data.netAmount).toBeLessThan(1000);

    const pay = await call('POST', `/ops/invoices/${invoice.data.invoiceId}/paid`, finance.token, {
      reference: 'BKASH-TRX-1',
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const other = JSON.parse(receiver.at('/bounced')[0]?.body ?? '{}');
    const bounce = await call('POST', `/ops/invoices/${other.data.invoiceId}/bounced`, finance.token, {
      reason: 'Wallet closed',
    });
    expect(bounce.statusCode, bounce.body).toBe(200);
    await t.app.jobs.idle();

    const paidEvent = JSON.parse(receiver.at('/paid')[1]?.body ?? '{}');
    expect(paidEvent).toMatchObject({
      type: 'invoice.paid',
      data: {
        invoiceId: invoice.data.invoiceId,
        number: invoice.data.number,
        status: 'paid',
        netAmount: invoice.data.netAmount,
        reference: 'BKASH-TRX-1',
      },
    });
    const bouncedEvent = JSON.parse(receiver.at('/bounced')[1]?.body ?? '{}');
    expect(bouncedEvent).toMatchObject({
      type: 'invoice.bounced',
      shopId: bounced.shop.id,
      data: { invoiceId: other.data.invoiceId, status: 'bounced', reason: 'Wallet closed' },
    });
    const log = await call('GET', `/shops/${paid.shop.id}/webhooks/${hooks.paid.id}/deliveries`, paid.token);
    expect(log.json().items.map((d: { event: string; status: string }) => [d.event, d.status])).toEqual([
      ['invoice.paid', 'succeeded'],
      ['invoice.created', 'succeeded'],
    ]);
  });
});
