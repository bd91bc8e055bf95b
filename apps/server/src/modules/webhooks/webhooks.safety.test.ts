import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { WebhookDeliveryList } from '@dak/domain/webhooks';
import { webhookMessages } from '@dak/domain/webhooks';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aParcel, aShop, type Shop, walk } from '../../../test/factories';
import { caller, signInStaff } from '../../../test/fixtures';
import {
  createTestDatabase,
  productionEnv,
  smsReceiver,
  type TestApp,
  useTestApp,
} from '../../../test/helpers';
import { type Receiver, startReceiver } from '../../../test/webhook-receiver';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { manualClock } from '../../lib/clock';
import { isAllowedAddress, type ResolvedAddress, type Resolver } from './webhook-address';
import { sendWebhook } from './webhook-sender';

/**
 * Webhooks' "Bad input and safety" (issue 15): where a URL may point (after DNS, at create and at
 * each delivery), http only outside production, the 10-second cut, answers kept short, no redirects.
 */

/** Names as the tests want them resolved; a name's answer may change (DNS rebinding). */
const names = new Map<string, ResolvedAddress[] | (() => ResolvedAddress[])>([
  ['public.example', [{ address: '93.184.216.34', family: 4 }]],
  ['private.example', [{ address: '10.0.0.5', family: 4 }]],
  ['metadata.example', [{ address: '169.254.169.254', family: 4 }]],
  [
    'mixed.example',
    [
      { address: '93.184.216.34', family: 4 },
      { address: '192.168.1.1', family: 4 },
    ],
  ],
  ['v6-private.example', [{ address: 'fd00::1', family: 6 }]],
  ['localhost', [{ address: '127.0.0.1', family: 4 }]],
]);
const resolve: Resolver = async (hostname) => {
  const found = names.get(hostname);
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return typeof found === 'function' ? found() : found;
};

const development = useTestApp({}, { webhooks: { resolve, limits: { timeoutMs: 600 } } });

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver?.close());

describe('which addresses a webhook may reach', () => {
  it('refuses every private, loopback, link-local, CGNAT, multicast and unspecified address, mapped ones too', () => {
    const blocked = [
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.10',
      '127.0.0.1',
      '127.255.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.254',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a00:1',
    ];
    for (const address of blocked)
      expect(isAllowedAddress(address, { allowLoopback: false }), address).toBe(false);
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:93.184.216.34']) {
      expect(isAllowedAddress(address, { allowLoopback: false }), address).toBe(true);
    }
    // Outside production a loopback receiver is allowed (local testing); the private ranges never are.
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect(isAllowedAddress(address, { allowLoopback: true }), address).toBe(true);
    }
    for (const address of ['10.0.0.1', '192.168.1.1', '169.254.169.254', '::ffff:10.0.0.1']) {
      expect(isAllowedAddress(address, { allowLoopback: true }), address).toBe(false);
    }
  });
});

describe('URL refusals in production', () => {
  let owner: Shop;
  let production: FastifyInstance;
  beforeAll(async () => {
    // The shop signs up in development (production texts its codes through a real gateway);
    // the production app then serves the same database.
    owner = await aShop(development);
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', ...productionEnv });
    production = await buildApp({
      config,
      database: development.database,
      clock: development.clock,
      webhooks: { resolve },
    });
    await production.ready();
  });
  afterAll(() => production?.close());
  const create = (url: string) =>
    production.inject({
      method: 'POST',
      url: `/api/v1/shops/${owner.shop.id}/webhooks`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { url, events: ['parcel.status_changed'] },
    });

  it('takes an https URL whose host resolves to public addresses only', async () => {
    const res = await create('https://public.example/dak');
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses http, private and loopback addresses, names resolving to them, and hosts that do not resolve', async () => {
    const cases: [string, string][] = [
      ['http://public.example/dak', webhookMessages.urlNotHttps],
      ['https://10.1.2.3/dak', webhookMessages.urlPrivate],
      ['https://192.168.0.10/dak', webhookMessages.urlPrivate],
      ['https://169.254.169.254/latest/meta-data', webhookMessages.urlPrivate],
      ['https://[::1]/dak', webhookMessages.urlPrivate],
      ['https://[::ffff:127.0.0.1]/dak', webhookMessages.urlPrivate],
      ['https://127.0.0.1:8443/dak', webhookMessages.urlPrivate],
      ['https://localhost/dak', webhookMessages.urlPrivate],
      ['https://api.localhost/dak', webhookMessages.urlPrivate],
      ['https://private.example/dak', webhookMessages.urlPrivate],
      ['https://metadata.example/dak', webhookMessages.urlPrivate],
      ['https://mixed.example/dak', webhookMessages.urlPrivate],
      ['https://v6-private.example/dak', webhookMessages.urlPrivate],
      ['https://nowhere.example/dak', webhookMessages.urlUnresolvable],
      ['https://user:pass@public.example/dak', webhookMessages.urlInvalid],
    ];
    for (const [url, message] of cases) {
      const res = await create(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
  });
});

describe('deliveries: each checked again, cut at the timeout, answers kept short', () => {
  let owner: Shop;
  let admin: { token: string };
  const call = caller(development);
  beforeAll(async () => {
    owner = await aShop(development);
    admin = await signInStaff(development, 'admin');
  });

  async function hookAndMove(url: string) {
    const created = await call('POST', `/shops/${owner.shop.id}/webhooks`, owner.token, {
      url,
      events: ['parcel.status_changed'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    const parcel = await aParcel(development, { shop: owner });
    await walk(development, admin.token, parcel.trackingId, ['at_sorting']);
    await development.app.jobs.idle();
    const log = await call('GET', `/shops/${owner.shop.id}/webhooks/${id}/deliveries`, owner.token);
    // One endpoint at a time: the next test's move would reach this one too.
    await call('DELETE', `/shops/${owner.shop.id}/webhooks/${id}`, owner.token);
    return log.json<WebhookDeliveryList>().items[0];
  }

  it('allows a loopback receiver outside production, never a private address', async () => {
    const res = await call('POST', `/shops/${owner.shop.id}/webhooks`, owner.token, {
      url: 'http://10.0.0.7/dak',
      events: ['parcel.status_changed'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(webhookMessages.urlPrivate);
  });

  it('resolves the name again at delivery: a name that now points at a private address is not called', async () => {
    let answer: ResolvedAddress[] = [{ address: '127.0.0.1', family: 4 }];
    names.set('rebind.example', () => answer);
    const port = new URL(receiver.url('/')).port;
    const created = await call('POST', `/shops/${owner.shop.id}/webhooks`, owner.token, {
      url: `http://rebind.example:${port}/rebind`,
      events: ['parcel.status_changed'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    answer = [{ address: '10.0.0.8', family: 4 }];
    const parcel = await aParcel(development, { shop: owner });
    await walk(development, admin.token, parcel.trackingId, ['at_sorting']);
    await development.app.jobs.idle();
    const log = await call('GET', `/shops/${owner.shop.id}/webhooks/${id}/deliveries`, owner.token);
    expect(log.json<WebhookDeliveryList>().items[0]).toMatchObject({
      status: 'retrying',
      responseCode: null,
      responseBody: `Refused: ${webhookMessages.urlPrivate}`,
    });
    expect(receiver.at('/rebind')).toHaveLength(0);

    // And while it resolves to loopback it is called, at the address that was checked.
    answer = [{ address: '127.0.0.1', family: 4 }];
    const ping = await call('POST', `/shops/${owner.shop.id}/webhooks/${id}/test`, owner.token);
    expect(ping.statusCode).toBe(202);
    await development.app.jobs.idle();
    expect(receiver.at('/rebind')).toHaveLength(1);
    expect(receiver.at('/rebind')[0]?.headers.host).toBe(`rebind.example:${port}`);
    await call('DELETE', `/shops/${owner.shop.id}/webhooks/${id}`, owner.token);
  });

  it('cuts a receiver that never answers at the timeout, and logs why', async () => {
    receiver.answer('/hang', [() => {}]);
    const started = Date.now();
    const delivery = await hookAndMove(receiver.url('/hang'));
    expect(delivery).toMatchObject({
      status: 'retrying',
      attempts: 1,
      responseCode: null,
      responseBody: 'No complete answer within 600 ms',
    });
    expect(delivery?.durationMs).toBeGreaterThanOrEqual(590);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('keeps only the start of a huge answer', async () => {
    receiver.answer('/huge', [(_req, res) => res.writeHead(200).end('x'.repeat(3_000_000))]);
    const delivery = await hookAndMove(receiver.url('/huge'));
    expect(delivery?.status).toBe('succeeded');
    expect(delivery?.responseBody).toBe('x'.repeat(2_000));
  });
});

describe('the sender on its own', () => {
  const servers: Server[] = [];
  afterAll(() => {
    for (const s of servers) {
      s.closeAllConnections();
      s.close();
    }
  });
  async function serve(handler: Parameters<typeof createServer>[1]) {
    const server = createServer(handler);
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return (server.address() as AddressInfo).port;
  }
  const limits = { timeoutMs: 700, maxChars: 2_000 };
  const target = (port: number, path = '/', host = '127.0.0.1') => ({
    url: new URL(`http://${host}:${port}${path}`),
    address: '127.0.0.1',
    family: 4 as const,
  });
  const post = { body: '{"hello":"world"}', headers: { 'Dak-Event': 'webhook.test' } };

  it('cuts a receiver that trickles its answer at the timeout for the whole exchange', async () => {
    const port = await serve((_req, res) => {
      res.writeHead(200);
      const drip = setInterval(() => res.write('.'), 100);
      res.on('close', () => clearInterval(drip));
    });
    const outcome = await sendWebhook(target(port), post, limits);
    expect(outcome).toMatchObject({
      ok: false,
      responseCode: null,
      responseBody: 'No complete answer within 700 ms',
    });
    expect(outcome.durationMs).toBeLessThan(5_000);
  });

  it('never reads an endless answer to its end: it stops at the limit', async () => {
    let written = 0;
    const port = await serve((_req, res) => {
      res.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, 'y');
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) written += chunk.length;
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    const outcome = await sendWebhook(target(port), post, limits);
    expect(outcome.ok).toBe(true);
    expect(outcome.responseBody).toBe('y'.repeat(2_000));
    expect(written).toBeLessThan(50 * 1024 * 1024);
  });

  it('does not follow a redirect', async () => {
    let followed = false;
    const port = await serve((req, res) => {
      if (req.url === '/elsewhere') followed = true;
      res.writeHead(302, { location: '/elsewhere' }).end();
    });
    const outcome = await sendWebhook(target(port), post, limits);
    expect(outcome).toMatchObject({ ok: false, responseCode: 302 });
    expect(followed).toBe(false);
  });

  it('connects to the checked address, not to what the name resolves to now', async () => {
    let host = '';
    const port = await serve((req, res) => {
      host = req.headers.host ?? '';
      res.writeHead(204).end();
    });
    // No resolver knows this name: only the pinned address can be reached.
    const outcome = await sendWebhook(target(port, '/pinned', 'rebound.invalid'), post, limits);
    expect(outcome).toMatchObject({ ok: true, responseCode: 204 });
    expect(host).toBe(`rebound.invalid:${port}`);
  });
});

describe('the log', () => {
  it('never holds an endpoint’s secret, through create, deliveries, retries and the test ping', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace' });
    const sms = smsReceiver();
    const app = await buildApp({
      config,
      database,
      clock: manualClock(new Date('2026-11-22T06:00:00Z')),
      logStream: stream,
      onSmsSent: sms.onSmsSent,
    });
    sms.attach(app);
    await app.ready();
    try {
      const logged = { app, database, config, close: async () => {} } as unknown as TestApp;
      const c = caller(logged);
      const shop = await aShop(logged);
      receiver.answer('/logged', [(_req, res) => res.writeHead(500).end('nope')]);
      const made = await c('POST', `/shops/${shop.shop.id}/webhooks`, shop.token, {
        url: receiver.url('/logged'),
        events: ['parcel.status_changed'],
      });
      const { id, secret } = made.json<{ id: string; secret: string }>();
      await c('POST', `/shops/${shop.shop.id}/webhooks/${id}/test`, shop.token);
      await c('POST', `/shops/${shop.shop.id}/webhooks/${id}/test`, shop.token);
      await app.jobs.idle();
      expect(receiver.at('/logged')).toHaveLength(2);
      const text = lines.join('');
      expect(text).toContain(id);
      expect(text).not.toContain(secret);
      expect(text).not.toContain(secret.slice(6, 26));
    } finally {
      await app.close();
      await database.close();
    }
  });
});
