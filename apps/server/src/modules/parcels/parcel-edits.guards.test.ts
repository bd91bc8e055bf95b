import { messages } from '@dak/domain/errors';
import { parcelEditMessages } from '@dak/domain/parcel-edits';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { aParcel, aShop } from '../../../test/factories';
import { caller } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers';

/**
 * Issue 11, finding 1 and its guards, through the HTTP API: a burst of edits of one parcel once
 * took every connection of the pool (the edit held the parcel's lock on one connection and
 * repriced on another) and hung the whole API, health included.
 */
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function shopWithParcel(env: Record<string, string>) {
  const t = await createTestApp(env);
  apps.push(t);
  const call = caller(t);
  const owner = await aShop(t);
  const parcelId = (await aParcel(t, { shop: owner })).id;
  const edit = (body: Record<string, unknown>) =>
    call('PUT', `/shops/${owner.shop.id}/parcels/${parcelId}`, owner.token, body);
  return { t, call, owner, parcelId, edit };
}

/** A connection of the test's own, outside the app's pools, to hold locks as another process would. */
async function adminClient(t: TestApp) {
  const client = new pg.Client({ connectionString: t.database.url });
  await client.connect();
  return client;
}

describe('a burst of edits of one parcel', () => {
  it('30 at once: one 200, the rest 409, and health answers all along', async () => {
    // The production pool size: the bug needed only ~10 edits to take every connection.
    const { t, edit } = await shopWithParcel({ DB_POOL_MAX: '10' });

    let done = false;
    const health: number[] = [];
    const polling = (async () => {
      while (!done) {
        const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
        health.push(res.statusCode);
      }
    })();
    // Each edit a different cash amount: each is a real change that reprices the parcel.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => edit({ cashCollectionAmount: 1000 + i })),
    );
    done = true;
    await polling;

    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(1);
    expect(refused, answers.map((r) => `${r.statusCode} ${r.body}`).join('\n')).toHaveLength(29);
    // Refused because the winner used the field's one edit, or (on a slow machine) because the
    // parcel stayed locked past the lock timeout: both say what happened, in the domain's words.
    for (const res of refused) {
      const { error } = res.json<{ error: { code: string; message: string } }>();
      expect(['PARCEL_FIELD_ALREADY_EDITED', 'PARCEL_BEING_EDITED']).toContain(error.code);
      expect([parcelEditMessages.already_edited, parcelEditMessages.beingEdited]).toContain(error.message);
    }
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((status) => status === 200)).toBe(true);

    // The one edit that won is the one stored.
    const winner = ok[0]?.json<{ cashCollectionAmount: number }>().cashCollectionAmount;
    const row = await t.database.db
      .selectFrom('parcels')
      .select(['cash_collection_poisha', 'cash_collection_edits'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ cash_collection_poisha: (winner ?? 0) * 100, cash_collection_edits: 1 });
  });
});

describe('the database guards', () => {
  it('an edit that waits for a parcel locked elsewhere past the lock timeout is 409 "being edited"', async () => {
    const { t, parcelId, edit } = await shopWithParcel({ DB_LOCK_TIMEOUT_MS: '300' });
    const admin = await adminClient(t);
    try {
      await admin.query('begin');
      await admin.query('select id from parcels where id = $1 for update', [parcelId]);
      const res = await edit({ customerPhone: '01812345678' });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({
        error: {
          code: 'PARCEL_BEING_EDITED',
          message: parcelEditMessages.beingEdited,
          key: 'parcelEdit.beingEdited',
          params: {},
        },
      });
      await admin.query('rollback');
      const again = await edit({ customerPhone: '01812345678' });
      expect(again.statusCode, again.body).toBe(200);
    } finally {
      await admin.end();
    }
  });

  it('no free connection within the acquire timeout is 503 "busy, try again", then it serves again', async () => {
    const { t, call, owner, parcelId } = await shopWithParcel({
      DB_POOL_MAX: '1',
      // Also the bound on opening a connection: roomy enough for a loaded machine.
      DB_CONNECT_TIMEOUT_MS: '2000',
    });
    const url = `/shops/${owner.shop.id}/parcels/${parcelId}`;
    const held = await t.database.pool.connect();
    try {
      const res = await call('GET', url, owner.token);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: messages.serviceBusy,
          key: 'errors.serviceBusy',
          params: {},
        },
      });
      expect(res.headers['retry-after']).toBe('1');
    } finally {
      held.release();
    }
    const again = await call('GET', url, owner.token);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('the job runner has its own pool: it queues jobs while requests hold every API connection', async () => {
    const t = await createTestApp({
      // Sending is the runner's part an API process does; working them is the same pool's job.
      JOBS: 'send-only',
      DB_POOL_MAX: '2',
      DB_CONNECT_TIMEOUT_MS: '2000',
    });
    apps.push(t);
    const held = await Promise.all([t.database.pool.connect(), t.database.pool.connect()]);
    try {
      const id = await t.app.jobs.send('expire-parcel-exports', {});
      const { rows } = await t.database.jobsPool.query('select name from pgboss.job where id = $1', [id]);
      expect(rows).toEqual([{ name: 'expire-parcel-exports' }]);
    } finally {
      for (const client of held) client.release();
    }
  });
});
