import { randomUUID } from 'node:crypto';
import http, { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { announceInvoice } from '../apps/server/src/modules/webhooks/webhook-events.service';
import { webhookSignature } from '../apps/server/src/modules/webhooks/webhook-sender';
import { deadline, machine, registerShop, startBench } from './lib';

/**
 * Webhook fan-out (issue 15; docs/performance.md, "Webhooks"): N events for a shop with one
 * endpoint on a local receiver, each written in its own transaction with its delivery and job (as
 * a move or an invoice writes them), then sent by the job runner (pg-boss, in this process) until
 * the receiver has them all: events per second from the first write to the last answer. Against
 * it, in the same process and receiver, the same N signed POSTs sent by a bare loop, one after the
 * other (the runner also works one delivery at a time per process).
 *   npm run bench -- webhooks      (BENCH_WEBHOOK_EVENTS=10000)
 */
const events = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);

export async function runWebhooksBench() {
  console.error('bench webhooks: starting PostgreSQL, migrating, seeding…');
  // The job runner as production runs it (pg-boss in this process), not the tests' inline mode.
  const bench = await startBench('webhooks', { JOBS: 'in-process' });
  const { app, database } = bench;
  let received = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const port = (receiver.address() as AddressInfo).port;
  const close = async () => {
    receiver.closeAllConnections();
    receiver.close();
    await bench.close();
  };
  const stop = deadline(40 * 60_000, close);
  try {
    const shop = await registerShop(app);
    const created = await app.inject({
      method: 'POST',
      url: `/api/v1/shops/${shop.shopId}/webhooks`,
      headers: { authorization: `Bearer ${shop.token}` },
      payload: { url: `http://127.0.0.1:${port}/hook`, events: ['invoice.created'] },
    });
    if (created.statusCode !== 201) throw new Error(`webhook: ${created.body}`);
    const secret: string = created.json().secret;

    // Ours: N events, each its own transaction, then the runner's deliveries until all arrived.
    const started = performance.now();
    for (let i = 0; i < events; i++) {
      await database.db.transaction().execute((trx) =>
        announceInvoice(trx, app.jobs, {
          shopId: shop.shopId,
          type: 'invoice.created',
          at: new Date(),
          data: {
            invoiceId: randomUUID(),
            number: `INV-${i}`,
            status: 'payment_processing',
            netAmount: 1234.5,
            parcelCount: 3,
          },
        }),
      );
    }
    const written = performance.now();
    while (received < events) await new Promise((r) => setTimeout(r, 100));
    const done = performance.now();
    const ours = events / ((done - started) / 1000);
    const writeRate = events / ((written - started) / 1000);

    // The baseline: the same signed bodies POSTed by a bare loop, one after the other.
    const body = JSON.stringify({
      id: randomUUID(),
      type: 'invoice.created',
      createdAt: new Date().toISOString(),
      shopId: shop.shopId,
      data: {
        invoiceId: randomUUID(),
        number: 'INV-0',
        status: 'payment_processing',
        netAmount: 1234.5,
        parcelCount: 3,
      },
    });
    received = 0;
    const bareStarted = performance.now();
    for (let i = 0; i < events; i++) {
      const t = Math.floor(Date.now() / 1000);
      await new Promise<void>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/hook',
            method: 'POST',
            agent: false,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              'Dak-Signature': webhookSignature(secret, t, body),
            },
          },
          (res) => {
            res.resume();
            res.on('end', resolve);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    }
    const bare = events / ((performance.now() - bareStarted) / 1000);

    console.log(`${machine()}`);
    console.log(`events: ${events}`);
    console.log(
      `events written (event + delivery row + job, one transaction each): ${writeRate.toFixed(0)} /s`,
    );
    console.log(
      `fan-out, first write to last delivery: ${ours.toFixed(0)} events/s (${((done - started) / 1000).toFixed(1)} s)`,
    );
    console.log(`bare loop of the same signed POSTs: ${bare.toFixed(0)} /s`);
    console.log(`ratio (ours / bare): ${(ours / bare).toFixed(2)}`);
  } finally {
    stop();
    await close();
  }
}
