import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, signInStaff } from '../../../test/fixtures';
import { createTestApp, registerMerchant, type TestApp } from '../../../test/helpers';

let t: TestApp;
let call: ReturnType<typeof caller>;
let sales: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LEADS_PER_IP_PER_HOUR: '6' });
  call = caller(t);
  sales = (await signInStaff(t, 'sales')).token;
});
afterAll(() => t.close());

const form = {
  name: 'Karim Ahmed',
  email: 'karim@agrofresh.example',
  phone: '+880 1712-345678',
  company: 'Agro Fresh Ltd.',
  requirement: 'Two 14 ft covered vans from Savar to Chattogram every week.',
};
const leadCount = async () => (await call('GET', '/ops/leads', sales)).json().count as number;

describe('the enterprise contact form', () => {
  it("refuses bad input with the spec's messages and stores nothing", async () => {
    const before = await leadCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'karim@agrofresh' }, 'Invalid email'],
      [{ email: '' }, 'Email is required'],
      [{ phone: '01212345678' }, 'Invalid phone number'],
      [{ phone: '' }, 'Phone number can not be empty'],
      [{ name: 'K' }, 'Name must be at least 2 characters'],
      [{ company: '' }, 'Company is required'],
      [{ requirement: 'a truck' }, 'Requirement must be at least 10 characters'],
    ];
    for (const [change, message] of cases) {
      const res = await call('POST', '/public/enterprise-leads', undefined, { ...form, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    expect(await leadCount()).toBe(before);
  });

  it('stores a lead as new, which sales staff see with the phone normalised', async () => {
    const res = await call('POST', '/public/enterprise-leads', undefined, form);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    const list = (await call('GET', '/ops/leads?status=new', sales)).json();
    expect(list.items.find((l: { id: string }) => l.id === id)).toMatchObject({
      name: 'Karim Ahmed',
      phone: '8801712345678',
      company: 'Agro Fresh Ltd.',
      status: 'new',
      history: [],
    });
  });

  it('limits how many forms one IP sends in an hour', async () => {
    const fresh = { ...form, email: 'limit@agrofresh.example' };
    const from = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/public/enterprise-leads',
        payload: fresh,
        remoteAddress: ip,
      });
    for (let i = 0; i < 6; i++) expect((await from('203.0.113.9')).statusCode).toBe(201);
    const limited = await from('203.0.113.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect((await from('203.0.113.10')).statusCode).toBe(201);
    t.clock.advance(3600_000);
    expect((await from('203.0.113.9')).statusCode).toBe(201);
  });
});

describe('working a lead', () => {
  it('moves new → contacted → won with notes, and refuses moves the table does not allow', async () => {
    const { id } = (await call('POST', '/public/enterprise-leads', undefined, form)).json();
    const move = (status: string, note: string) =>
      call('POST', `/ops/leads/${id}/status`, sales, { status, note });

    const skip = await move('won', 'Signed at once');
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'A new lead cannot become won',
    });
    const noNote = await move('contacted', ' ');
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error.message).toBe('Note is required');

    const contacted = await move('contacted', 'Called Karim; wants a quote for 8 trips a month.');
    expect(contacted.statusCode, contacted.body).toBe(200);
    expect(contacted.json()).toMatchObject({
      status: 'contacted',
      history: [
        {
          from: 'new',
          to: 'contacted',
          note: 'Called Karim; wants a quote for 8 trips a month.',
          staffName: 'Test sales',
        },
      ],
    });
    expect((await move('new', 'Back')).statusCode).toBe(409);
    const won = await move('won', 'Contract signed for three months.');
    expect(won.json().status).toBe('won');
    expect(won.json().history.map((h: { to: string }) => h.to)).toEqual(['contacted', 'won']);
    expect((await move('lost', 'Changed mind')).statusCode).toBe(409);

    const wonList = (await call('GET', '/ops/leads?status=won', sales)).json();
    expect(wonList.items.map((l: { id: string }) => l.id)).toEqual([id]);
    expect((await call('GET', '/ops/leads?status=maybe', sales)).statusCode).toBe(400);
    expect(
      (
        await call('POST', '/ops/leads/00000000-0000-4000-8000-000000000000/status', sales, {
          status: 'lost',
          note: 'Spam',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a new lead may be lost at once; the leads room is for admin and sales staff only', async () => {
    const { id } = (await call('POST', '/public/enterprise-leads', undefined, form)).json();
    const admin = (await signInStaff(t, 'admin')).token;
    const lost = await call('POST', `/ops/leads/${id}/status`, admin, {
      status: 'lost',
      note: 'Duplicate of an earlier enquiry',
    });
    expect(lost.statusCode).toBe(200);
    expect(lost.json().history[0].staffName).toBe('Test admin');
    for (const role of ['marketing', 'support', 'hub_manager'] as const) {
      const other = (await signInStaff(t, role)).token;
      expect((await call('GET', '/ops/leads', other)).statusCode, role).toBe(403);
    }
    const merchant = await registerMerchant(t.app);
    expect((await call('GET', '/ops/leads', merchant.token)).statusCode).toBe(403);
  });
});
