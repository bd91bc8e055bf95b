import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import type { Database } from '../../db/database';
import { createBulkSmsBdProvider } from './sms.providers';
import { createSmsService } from './sms.service';

/** A local stand-in for the BulkSMSBD gateway that answers as its published API does. */
let server: Server;
let baseUrl: string;
const received: URL[] = [];
let answer: { status: number; body: string } = { status: 200, body: '' };

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    received.push(new URL(req.url ?? '/', 'http://stub'));
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/smsapi`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const provider = () =>
  createBulkSmsBdProvider({ apiUrl: baseUrl, apiKey: 'key-123', senderId: '8809617000000' });

describe('BulkSMSBD adapter', () => {
  it('sends the API’s parameters and reads the message id', async () => {
    answer = {
      status: 200,
      body: JSON.stringify({
        response_code: 202,
        message_id: 9981,
        success_message: 'SMS Submitted Successfully',
        error_message: '',
      }),
    };
    const result = await provider().deliver({
      to: '8801712345678',
      body: 'Your code is 1234',
      purpose: 'test',
    });
    expect(result).toEqual({ providerMessageId: '9981' });
    const url = received.at(-1);
    expect(url?.pathname).toBe('/api/smsapi');
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      api_key: 'key-123',
      type: 'text',
      number: '8801712345678',
      senderid: '8809617000000',
      message: 'Your code is 1234',
    });
  });

  it('fails with the gateway’s own words on an error code', async () => {
    answer = {
      status: 200,
      body: JSON.stringify({ response_code: 1007, error_message: 'Balance Insufficient' }),
    };
    await expect(provider().deliver({ to: '8801712345678', body: 'x', purpose: 'test' })).rejects.toThrow(
      'bulksmsbd: code 1007 Balance Insufficient',
    );
  });

  it('fails on HTTP errors and on answers that are not JSON', async () => {
    answer = { status: 502, body: 'bad gateway' };
    await expect(provider().deliver({ to: '8801712345678', body: 'x', purpose: 'test' })).rejects.toThrow(
      'HTTP 502',
    );
    answer = { status: 200, body: '<html>maintenance</html>' };
    await expect(provider().deliver({ to: '8801712345678', body: 'x', purpose: 'test' })).rejects.toThrow(
      'JSON',
    );
  });

  it('records each outcome, masking the code in what is kept', async () => {
    const sms = createSmsService({ db: database.db, provider: provider(), revealCodes: false });
    answer = { status: 200, body: JSON.stringify({ response_code: 202, message_id: 1 }) };
    await sms.send({
      to: '8801712345670',
      body: 'Your Dak login code is 4821.',
      purpose: 'otp:login',
      secret: '4821',
    });
    answer = {
      status: 200,
      body: JSON.stringify({ response_code: 1002, error_message: 'Sender Id/Masking Not Found' }),
    };
    await expect(sms.send({ to: '8801712345670', body: 'Hello', purpose: 'notice' })).rejects.toThrow();
    const rows = await database.db
      .selectFrom('sms_outbox')
      .select(['body', 'status', 'provider', 'provider_message_id', 'error'])
      .where('to_phone', '=', '8801712345670')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        body: 'Your Dak login code is ••••.',
        status: 'sent',
        provider: 'bulksmsbd',
        provider_message_id: '1',
        error: null,
      },
      {
        body: 'Hello',
        status: 'failed',
        provider: 'bulksmsbd',
        provider_message_id: null,
        error: 'bulksmsbd: code 1002 Sender Id/Masking Not Found',
      },
    ]);
  });

  it('keeps codes readable in the local outbox in development only', async () => {
    const message = { body: 'Your Dak login code is 4821.', purpose: 'otp:login', secret: '4821' };
    const seen: string[] = [];
    for (const [to, revealCodes] of [
      ['8801712345681', true],
      ['8801712345682', false],
    ] as const) {
      const sms = createSmsService({
        db: database.db,
        provider: null,
        revealCodes,
        onSent: (m) => seen.push(m.body),
      });
      await sms.send({ ...message, to });
    }
    const bodyTo = async (to: string) =>
      (await createSmsService({ db: database.db, provider: null, revealCodes: false }).outbox(to, 1))[0]
        ?.body;
    expect(await bodyTo('8801712345681')).toBe('Your Dak login code is 4821.');
    expect(await bodyTo('8801712345682')).toBe('Your Dak login code is ••••.');
    const listed = await createSmsService({ db: database.db, provider: null, revealCodes: false }).list({
      to: '8801712345682',
      limit: 5,
      offset: 0,
    });
    expect(listed.items.map((i) => i.body)).toEqual(['Your Dak login code is ••••.']);
    // The phone still got the code.
    expect(seen).toEqual(['Your Dak login code is 4821.', 'Your Dak login code is 4821.']);
  });
});
