import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../test/fixtures';
import { createTestApp, lastOtp, registerMerchant, type TestApp } from '../../../test/helpers';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';

/**
 * Account numbers encrypted at rest (issue 11), through the API on a real PostgreSQL: what the
 * columns hold, what the API shows, the start-up pass over plain rows, and a key rotation with
 * several app instances on one database, as several processes would share it.
 */
const key1 = Buffer.alloc(32, 1).toString('base64');
const key2 = Buffer.alloc(32, 2).toString('base64');
const key3 = Buffer.alloc(32, 3).toString('base64');
const accountNumber = '1051100012345';
const walletDigits = '1812345678';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DATA_ENCRYPTION_KEY: key1, DATA_ENCRYPTION_KEY_ID: 'k1' });
});
afterAll(() => t.close());

/** Another API instance on the same database with other key settings; ready() runs the pass. */
async function instance(env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  return buildApp({ config, database: { ...t.database, close: async () => {} }, clock: t.clock });
}

async function stored() {
  const methods = await t.database.db
    .selectFrom('shop_payment_methods')
    .select(['shop_id', 'account_number', 'wallet_number'])
    .execute();
  const changes = await t.database.db
    .selectFrom('shop_payment_method_changes')
    .select(['shop_id', 'account_number', 'wallet_number'])
    .execute();
  return [...methods, ...changes];
}

async function setMethod(
  app: TestApp['app'],
  merchant: Awaited<ReturnType<typeof registerMerchant>>,
  body: object,
) {
  const call = caller({ ...t, app });
  t.clock.advance(61_000);
  const url = `/shops/${merchant.shop.id}/payment-method`;
  expect((await call('POST', `${url}/otp`, merchant.token)).statusCode).toBe(200);
  const res = await call('PUT', url, merchant.token, { ...body, code: await lastOtp(app, merchant.phone) });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const branchOf = async () => {
  const res = await caller(t)('GET', '/banks/dutch-bangla/branches?districtId=dhaka');
  return res.json<{ items: { id: number; routingNumber: string }[] }>().items[0] as {
    id: number;
    routingNumber: string;
  };
};

describe('account numbers at rest', () => {
  let first: Awaited<ReturnType<typeof registerMerchant>>;
  it('the columns hold no plain number; the API still shows it, masked, with its history', async () => {
    const merchant = await registerMerchant(t.app);
    first = merchant;
    const branch = await branchOf();
    await setMethod(t.app, merchant, {
      method: 'bank',
      bankId: 'dutch-bangla',
      branchId: branch.id,
      accountName: 'Karim Fashion',
      accountNumber,
      routingNumber: branch.routingNumber,
    });
    await setMethod(t.app, merchant, { method: 'bkash', walletNumber: `0${walletDigits}` });
    const rows = (await stored()).filter((r) => r.shop_id === merchant.shop.id);
    expect(rows).toHaveLength(3);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(accountNumber);
    expect(text).not.toContain(walletDigits);
    for (const r of rows) {
      for (const value of [r.account_number, r.wallet_number]) {
        if (value !== null) expect(value).toMatch(/^enc:v1:k1:[A-Za-z0-9_-]+$/);
      }
    }
    const view = await caller(t)('GET', `/shops/${merchant.shop.id}/payment-method`, merchant.token);
    expect(view.json()).toMatchObject({
      paymentMethod: { method: 'bkash', walletNumberMasked: '*******5678' },
      history: [
        { method: 'bkash', walletNumberMasked: '*******5678' },
        { method: 'bank', accountNumberMasked: '*********2345' },
      ],
    });
  });

  let legacy: Awaited<ReturnType<typeof registerMerchant>>;
  it('the start-up pass encrypts rows written before encryption', async () => {
    const merchant = await registerMerchant(t.app);
    legacy = merchant;
    const branch = await branchOf();
    // A row as the code before issue 11 wrote it: the plain number.
    await t.database.db
      .insertInto('shop_payment_methods')
      .values({
        shop_id: merchant.shop.id,
        method: 'bank',
        bank_id: 'dutch-bangla',
        branch_id: branch.id,
        account_name: 'Old Shop',
        account_number: '2222333344445555',
        routing_number: branch.routingNumber,
        wallet_number: null,
        updated_by_user_id: merchant.user.id,
      })
      .execute();
    await t.database.db
      .insertInto('shop_payment_method_changes')
      .values({
        shop_id: merchant.shop.id,
        method: 'bkash',
        bank_id: null,
        branch_id: null,
        account_name: null,
        account_number: null,
        routing_number: null,
        wallet_number: '8801712000111',
        changed_by_user_id: merchant.user.id,
        changed_at: new Date('2026-11-01T00:00:00Z'),
      })
      .execute();
    const app = await instance({ DATA_ENCRYPTION_KEY: key1, DATA_ENCRYPTION_KEY_ID: 'k1' });
    await app.ready();
    const text = JSON.stringify(await stored());
    expect(text).not.toContain('2222333344445555');
    expect(text).not.toContain('1712000111');
    const view = await caller({ ...t, app })(
      'GET',
      `/shops/${merchant.shop.id}/payment-method`,
      merchant.token,
    );
    expect(view.json()).toMatchObject({
      paymentMethod: { method: 'bank', accountNumberMasked: '************5555' },
      history: [{ method: 'bkash', walletNumberMasked: '*******0111' }],
    });
    await app.close();
  });

  it('rotates: a second key encrypts, the old one still reads, and every row moves to the new key', async () => {
    const before = await stored();
    expect(before.some((r) => r.account_number?.startsWith('enc:v1:k1:'))).toBe(true);

    // The new key alone cannot read the rows under k1: the start stops and says what to add.
    const missing = await instance({ DATA_ENCRYPTION_KEY: key2, DATA_ENCRYPTION_KEY_ID: 'k2' });
    await expect(missing.ready()).rejects.toThrow(/encrypted with key "k1".*DATA_ENCRYPTION_OLD_KEYS/);
    await missing.close().catch(() => {});

    const rotated = await instance({
      DATA_ENCRYPTION_KEY: key2,
      DATA_ENCRYPTION_KEY_ID: 'k2',
      DATA_ENCRYPTION_OLD_KEYS: `k1:${key1}`,
    });
    await rotated.ready();
    const after = await stored();
    for (const r of after) {
      for (const value of [r.account_number, r.wallet_number]) {
        if (value !== null) expect(value).toMatch(/^enc:v1:k2:/);
      }
    }
    const shown = async (app: TestApp['app']) =>
      (await caller({ ...t, app })('GET', `/shops/${legacy.shop.id}/payment-method`, legacy.token)).json();
    expect(await shown(rotated)).toMatchObject({
      paymentMethod: { method: 'bank', accountNumberMasked: '************5555' },
      history: [{ method: 'bkash', walletNumberMasked: '*******0111' }],
    });
    await rotated.close();

    // Once every row is under k2, k1 can be retired: k2 alone reads everything.
    const retired = await instance({ DATA_ENCRYPTION_KEY: key2, DATA_ENCRYPTION_KEY_ID: 'k2' });
    await retired.ready();
    expect(await shown(retired)).toMatchObject({
      paymentMethod: { method: 'bank', accountNumberMasked: '************5555' },
    });
    await retired.close();
  });

  it("a ciphertext copied to another shop's row does not decrypt", async () => {
    // A ciphertext is bound to its shop: copied to another shop's row, it does not decrypt.
    const other = await registerMerchant(t.app);
    await setMethod(t.app, other, { method: 'bkash', walletNumber: '01912345678' });
    const mine =
      (
        await t.database.db
          .selectFrom('shop_payment_methods')
          .select('wallet_number')
          .where('shop_id', '=', first.shop.id)
          .executeTakeFirstOrThrow()
      ).wallet_number ?? '';
    await t.database.db
      .updateTable('shop_payment_methods')
      .set({ wallet_number: mine })
      .where('shop_id', '=', other.shop.id)
      .execute();
    const reader = await instance({
      DATA_ENCRYPTION_KEY: key2,
      DATA_ENCRYPTION_KEY_ID: 'k2',
      DATA_ENCRYPTION_OLD_KEYS: `k1:${key1}`,
    });
    await reader.ready();
    const copied = await caller({ ...t, app: reader })(
      'GET',
      `/shops/${other.shop.id}/payment-method`,
      other.token,
    );
    expect(copied.statusCode).toBe(500);
    await reader.close();
    // The start-up pass leaves such a value alone and reports it, rather than refusing to start.
    const app = await instance({
      DATA_ENCRYPTION_KEY: key3,
      DATA_ENCRYPTION_KEY_ID: 'k3',
      DATA_ENCRYPTION_OLD_KEYS: `k2:${key2},k1:${key1}`,
    });
    await app.ready();
    expect(
      (
        await t.database.db
          .selectFrom('shop_payment_methods')
          .select('wallet_number')
          .where('shop_id', '=', other.shop.id)
          .executeTakeFirstOrThrow()
      ).wallet_number,
    ).toBe(mine);
    await app.close();
    await t.database.db.deleteFrom('shop_payment_methods').where('shop_id', '=', other.shop.id).execute();
  });
});
