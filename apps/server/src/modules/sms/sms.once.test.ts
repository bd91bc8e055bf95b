import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import type { Database } from '../../db/database';
import { createBulkSmsBdProvider } from './sms.providers';
import { createSmsService, type SmsService } from './sms.service';

/**
 * A job's SMS under a `once` key (issue 11): claimed before the gateway is called, so a retry
 * after a try that was cut off sends nothing; a try the gateway refused does not hold the key.
 * Through the real BulkSMSBD adapter to a stand-in gateway on loopback.
 */
let gateway: Server;
let mode: 'ok' | 'fail' | 'hang' = 'ok';
const received: string[] = [];
let database: Database;
let sms: SmsService;

beforeAll(async () => {
  gateway = createServer((req, res) => {
    received.push(new URL(req.url ?? '/', 'http://gateway').searchParams.get('message') ?? '');
    if (mode === 'hang') return;
    if (mode === 'fail') res.writeHead(502).end('bad gateway');
    else res.writeHead(200).end(JSON.stringify({ response_code: 202, message_id: received.length }));
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/api/smsapi`;
  database = await createTestDatabase();
  sms = createSmsService({
    db: database.db,
    provider: createBulkSmsBdProvider({ apiUrl, apiKey: 'k', senderId: 'Dak', timeoutMs: 5000 }),
    revealCodes: false,
  });
});

afterAll(async () => {
  gateway.closeAllConnections();
  await new Promise((resolve) => gateway.close(resolve));
  await database.close();
});

const rows = (once: string) =>
  database.db
    .selectFrom('sms_outbox')
    .select(['status', 'body'])
    .where('dedupe_key', '=', once)
    .orderBy('id')
    .execute();
const message = (once: string) => ({ to: '8801712345678', body: `Dak: ${once}`, purpose: 'test', once });

describe('an SMS sent once per key', () => {
  it('is sent once however often the job runs after it was sent', async () => {
    mode = 'ok';
    await sms.send(message('job-1'));
    expect(await sms.alreadyHandled('job-1')).toBe(true);
    await sms.send(message('job-1'));
    expect(received.filter((m) => m === 'Dak: job-1')).toHaveLength(1);
    expect(await rows('job-1')).toEqual([{ status: 'sent', body: 'Dak: job-1' }]);
  });

  it('is sent again after a try the gateway refused', async () => {
    mode = 'fail';
    await expect(sms.send(message('job-2'))).rejects.toThrow('bulksmsbd: HTTP 502');
    expect(await sms.alreadyHandled('job-2')).toBe(false);
    mode = 'ok';
    await sms.send(message('job-2'));
    expect((await rows('job-2')).map((r) => r.status)).toEqual(['failed', 'sent']);
  });

  it('is not sent again after a try cut off while the gateway answered; it is marked unconfirmed', async () => {
    mode = 'hang';
    // A worker that dies mid-send leaves its claim; here the try is left hanging instead.
    const cutOff = sms.send(message('job-3')).catch(() => {});
    await expect.poll(async () => (await rows('job-3')).map((r) => r.status)).toEqual(['sending']);
    await expect.poll(() => received.filter((m) => m === 'Dak: job-3').length).toBe(1);
    // The retry (another worker, after the job expired) asks before it sends anything.
    expect(await sms.alreadyHandled('job-3')).toBe(true);
    expect(await rows('job-3')).toEqual([{ status: 'unconfirmed', body: 'Dak: job-3' }]);
    await sms.send(message('job-3'));
    expect(received.filter((m) => m === 'Dak: job-3')).toHaveLength(1);
    // The cut-off try ends in an error later; the claim stays unconfirmed and holds the key.
    gateway.closeAllConnections();
    await cutOff;
    expect((await rows('job-3')).map((r) => r.status)).toEqual(['unconfirmed']);
    expect(await sms.alreadyHandled('job-3')).toBe(true);
  });
});
