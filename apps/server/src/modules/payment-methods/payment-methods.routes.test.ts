import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, caller, signInStaff } from '../../../test/fixtures';
import { lastOtp, lastSms, registerMerchant, useTestApp } from '../../../test/helpers';

const t = useTestApp();
const call = caller(t);
let owner: Awaited<ReturnType<typeof registerMerchant>>;
beforeAll(async () => {
  owner = await registerMerchant(t.app);
});

type Branch = { id: number; bankId: string; routingNumber: string; districtId: string; nameEn: string };

async function branchOf(bankId: string, query = '') {
  const res = await call('GET', `/banks/${bankId}/branches${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Branch[]; count: number }>();
}

async function counts() {
  const [methods, changes] = await Promise.all(
    (['shop_payment_methods', 'shop_payment_method_changes'] as const).map((table) =>
      t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n)),
    ),
  );
  return { methods, changes };
}

/** A fresh code on the owner's phone (after the 60 s resend wait). */
async function freshCode(shopId = owner.shop.id, token = owner.token) {
  t.clock.advance(61_000);
  const res = await call('POST', `/shops/${shopId}/payment-method/otp`, token);
  expect(res.statusCode, res.body).toBe(200);
  return lastOtp(t.app, owner.phone);
}

describe('banks and branches', () => {
  it('lists the scheduled banks, cacheable for an hour', async () => {
    const res = await call('GET', '/banks');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const { items, count } = res.json<{ items: { id: string; nameBn: string }[]; count: number }>();
    expect(count).toBeGreaterThanOrEqual(40);
    expect(items.find((b) => b.id === 'sonali')?.nameBn).toBe('সোনালী ব্যাংক পিএলসি');
  });

  it("lists only a bank's active branches, by district and by name or routing number", async () => {
    const all = await t.database.db
      .selectFrom('bank_branches')
      .select(['id', 'active'])
      .where('bank_id', '=', 'dutch-bangla')
      .execute();
    const inactive = all.filter((b) => !b.active).map((b) => b.id);
    expect(inactive.length).toBeGreaterThan(0);
    const listed = await branchOf('dutch-bangla', '?limit=200');
    expect(listed.count).toBe(all.length - inactive.length);
    for (const id of inactive) expect(listed.items.map((b) => b.id)).not.toContain(id);

    const ctg = await branchOf('dutch-bangla', '?districtId=chattogram');
    expect(ctg.items.length).toBeGreaterThan(0);
    expect(ctg.items.every((b) => b.districtId === 'chattogram')).toBe(true);
    const agrabad = await branchOf('dutch-bangla', '?q=agrabad');
    expect(agrabad.items.map((b) => b.nameEn)).toEqual(['Agrabad Branch']);
    const byRouting = await branchOf('dutch-bangla', `?q=${agrabad.items[0]?.routingNumber}`);
    expect(byRouting.items).toHaveLength(1);
    expect((await branchOf('dutch-bangla', '?q=%25')).count).toBe(0);

    expect((await call('GET', '/banks/no-such-bank/branches')).statusCode).toBe(404);
  });
});

describe("a shop's payment method", () => {
  const accountNumber = '1051100012345';
  let branch: Branch;
  beforeAll(async () => {
    branch = (await branchOf('dutch-bangla', '?districtId=dhaka')).items[0] as Branch;
  });
  const bankBody = (overrides: Record<string, unknown> = {}) => ({
    method: 'bank',
    bankId: 'dutch-bangla',
    branchId: branch.id,
    accountName: 'Karim Fashion',
    accountNumber,
    routingNumber: branch.routingNumber,
    ...overrides,
  });
  const url = () => `/shops/${owner.shop.id}/payment-method`;

  it('starts empty', async () => {
    const res = await call('GET', url(), owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ paymentMethod: null, history: [] });
  });

  it('changes nothing without the code, or with a wrong one', async () => {
    const none = await call('PUT', url(), owner.token, bankBody());
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('OTP is required');

    const sent = await call('POST', `${url()}/otp`, owner.token);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().sentTo).toMatch(/^01\d\*+\d{3}$/);
    expect(await lastSms(t.app, owner.phone)).toMatch(/change where Dak pays you/);
    const code = await lastOtp(t.app, owner.phone);
    const wrong = await call(
      'PUT',
      url(),
      owner.token,
      bankBody({ code: code === '0000' ? '1111' : '0000' }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('OTP_INVALID');
    expect(await counts()).toEqual({ methods: 0, changes: 0 });
  });

  it('refuses a routing number of another branch, an inactive branch and a bank that is not the branch’s', async () => {
    const code = await freshCode();
    const other = (await branchOf('dutch-bangla', '?districtId=chattogram')).items[0] as Branch;
    const mismatch = await call(
      'PUT',
      url(),
      owner.token,
      bankBody({ code, routingNumber: other.routingNumber }),
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Routing number does not match the branch',
    });
    const wrongBank = await call('PUT', url(), owner.token, bankBody({ code, bankId: 'brac' }));
    expect(wrongBank.json().error.message).toBe('Choose an active branch of this bank');
    const inactive = await t.database.db
      .selectFrom('bank_branches')
      .select(['id', 'routing_number'])
      .where('bank_id', '=', 'dutch-bangla')
      .where('active', '=', false)
      .executeTakeFirstOrThrow();
    const closed = await call(
      'PUT',
      url(),
      owner.token,
      bankBody({ code, branchId: inactive.id, routingNumber: inactive.routing_number }),
    );
    expect(closed.json().error.message).toBe('Choose an active branch of this bank');
    const shortAccount = await call('PUT', url(), owner.token, bankBody({ code, accountNumber: '12345' }));
    expect(shortAccount.statusCode).toBe(400);
    expect(await counts()).toEqual({ methods: 0, changes: 0 });

    // A refused form did not use up the code.
    const ok = await call('PUT', url(), owner.token, bankBody({ code }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      method: 'bank',
      bank: { id: 'dutch-bangla' },
      branch: { id: branch.id },
      accountName: 'Karim Fashion',
      accountNumberMasked: '*********2345',
      routingNumber: branch.routingNumber,
      updatedBy: { userId: owner.user.id },
    });
    expect(ok.body).not.toContain(accountNumber);
    // The code is used up.
    const again = await call('PUT', url(), owner.token, bankBody({ code }));
    expect(again.statusCode).toBe(400);
  });

  it('stores the full account, shows it masked, and keeps every change', async () => {
    const row = await t.database.db
      .selectFrom('shop_payment_methods')
      .selectAll()
      .where('shop_id', '=', owner.shop.id)
      .executeTakeFirstOrThrow();
    // Encrypted at rest (issue 11): the column holds a ciphertext under the key in use.
    expect(row.account_number).toMatch(/^enc:v1:dev-not-secret:/);
    expect(row.account_number).not.toContain(accountNumber);

    const code = await freshCode();
    const bkash = await call('PUT', url(), owner.token, {
      method: 'bkash',
      walletNumber: '01812-345678',
      code,
    });
    expect(bkash.statusCode, bkash.body).toBe(200);
    expect(bkash.json()).toMatchObject({ method: 'bkash', walletNumberMasked: '*******5678' });

    const res = await call('GET', url(), owner.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.paymentMethod.method).toBe('bkash');
    expect(body.history).toHaveLength(2);
    expect(body.history[0]).toMatchObject({ method: 'bkash', walletNumberMasked: '*******5678' });
    expect(body.history[1]).toMatchObject({
      method: 'bank',
      bankName: 'Dutch-Bangla Bank PLC',
      accountNumberMasked: '*********2345',
      changedBy: { userId: owner.user.id },
    });
    expect(res.body).not.toContain(accountNumber);
    expect(await counts()).toEqual({ methods: 1, changes: 2 });
  });

  it('is for the owner alone: editors and viewers get 403, strangers 404', async () => {
    for (const role of ['editor', 'viewer'] as const) {
      const member = await addMember(t, owner.shop.id, role);
      expect((await call('GET', url(), member.token)).statusCode, role).toBe(403);
      expect((await call('POST', `${url()}/otp`, member.token)).statusCode, role).toBe(403);
      const put = await call('PUT', url(), member.token, {
        method: 'bkash',
        walletNumber: '01812345678',
        code: '1234',
      });
      expect(put.statusCode, role).toBe(403);
    }
    const stranger = await registerMerchant(t.app);
    expect((await call('GET', url(), stranger.token)).statusCode).toBe(404);
    expect((await call('GET', url())).statusCode).toBe(401);
    expect(await counts()).toEqual({ methods: 1, changes: 2 });
  });
});

describe('branches in the operations console', () => {
  it('lets finance see inactive branches and switch one off; others may not', async () => {
    const finance = await signInStaff(t, 'finance');
    const list = await call('GET', '/ops/banks/brac/branches?active=false', finance.token);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.every((b: { active: boolean }) => !b.active)).toBe(true);

    const target = (await branchOf('brac', '?districtId=sylhet')).items[0] as Branch;
    const off = await call('PATCH', `/ops/branches/${target.id}`, finance.token, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id: target.id, active: false });
    expect((await branchOf('brac', '?districtId=sylhet')).items.map((b) => b.id)).not.toContain(target.id);
    expect((await call('PATCH', '/ops/branches/99999999', finance.token, { active: true })).statusCode).toBe(
      404,
    );

    const support = await signInStaff(t, 'support');
    expect(
      (await call('PATCH', `/ops/branches/${target.id}`, support.token, { active: true })).statusCode,
    ).toBe(403);
    expect((await call('GET', '/ops/banks/brac/branches', owner.token)).statusCode).toBe(403);
    expect((await call('GET', '/ops/banks/brac/branches')).statusCode).toBe(401);
  });
});
