import type { ParcelStatus } from '@dak/domain/parcel-status';
import { type InferResult, type Kysely, sql } from 'kysely';
import type pg from 'pg';
import type { DB } from '../../db/schema';

type PublicEventJson = {
  to_status: ParcelStatus;
  at: string;
  reason: string | null;
  note: string | null;
  hub_id: string | null;
  hub_en: string | null;
  hub_bn: string | null;
};

/** Runs a query with pg's own options (a statement name); the API's pool. */
export type Queryable = Pick<pg.Pool, 'query'>;

/**
 * What public tracking shows of one parcel, by its id or tracking ID, with its events (and their
 * hubs) in one indexed query: no second round trip for the events. Written with Kysely once, at
 * start; each request runs the compiled text as a prepared statement.
 */
function publicTrackingQuery(db: Kysely<DB>, by: 'p.id' | 'p.tracking_id') {
  return db
    .selectFrom('parcels as p')
    .innerJoin('areas as a', 'a.id', 'p.delivery_area_id')
    .innerJoin('districts as d', 'd.id', 'a.district_id')
    .select([
      'p.tracking_id',
      'p.status',
      'p.customer_phone',
      'a.name_en as area_en',
      'a.name_bn as area_bn',
      'd.name_en as district_en',
      'd.name_bn as district_bn',
      sql<PublicEventJson[]>`(
        select coalesce(json_agg(json_build_object(
          'to_status', e.to_status, 'at', e.at, 'reason', e.reason, 'note', e.note,
          'hub_id', h.id, 'hub_en', h.name_en, 'hub_bn', h.name_bn) order by e.at, e.id), '[]')
        from parcel_events e left join hubs h on h.id = e.hub_id
        where e.parcel_id = p.id)`.as('events'),
    ])
    .where(by, '=', '')
    .compile();
}
type PublicRow = InferResult<ReturnType<typeof publicTrackingQuery>>[number];

/** A compiled query with its one parameter, as a named statement. */
function statement(name: string, compiled: { sql: string; parameters: readonly unknown[] }) {
  if (compiled.parameters.length !== 1) throw new Error(`${name}: expected one parameter`);
  return { name, sql: compiled.sql };
}

/** What tracking reads (parcels, their events, hubs, areas, proofs); it writes nothing. */
export function createTrackingRepository(db: Kysely<DB>, pool: Queryable) {
  const byId = statement('dak_public_tracking_by_id', publicTrackingQuery(db, 'p.id'));
  const byTrackingId = statement(
    'dak_public_tracking_by_tracking_id',
    publicTrackingQuery(db, 'p.tracking_id'),
  );
  return {
    /**
     * What public tracking shows of one parcel, by its id or tracking ID, with its events (and
     * their hubs) in one indexed query: no second round trip for the events.
     */
    async publicTracking(by: { id: string } | { trackingId: string }) {
      // A named statement: each pooled connection parses and plans it once (issue 16).
      const statement = 'id' in by ? byId : byTrackingId;
      const { rows } = await pool.query<PublicRow>({
        name: statement.name,
        text: statement.sql,
        values: ['id' in by ? by.id : by.trackingId],
      });
      const row = rows[0];
      if (!row) return undefined;
      return { ...row, events: row.events.map((e) => ({ ...e, at: new Date(e.at) })) };
    },

    /** The parcel of a tracking ID (any shop's), else the shop's newest with this invoice ID. */
    async shopLookup(shopId: string, q: string, trackingId: string | null) {
      const columns = [
        'id',
        'shop_id',
        'invoice_id',
        'customer_name',
        'customer_phone',
        'cash_collection_poisha',
      ] as const;
      const byTracking = trackingId
        ? await db
            .selectFrom('parcels')
            .select(columns)
            .where('tracking_id', '=', trackingId)
            .executeTakeFirst()
        : undefined;
      const row =
        byTracking ??
        (await db
          .selectFrom('parcels')
          .select(columns)
          .where('shop_id', '=', shopId)
          .where('invoice_id', '=', q)
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst());
      return row;
    },

    async hasProofPhoto(parcelId: string) {
      const proof = await db
        .selectFrom('delivery_proofs')
        .select('id')
        .where('parcel_id', '=', parcelId)
        .executeTakeFirst();
      return proof !== undefined;
    },

    idByInvoice(invoiceId: string, phone: string) {
      return db
        .selectFrom('parcels')
        .select('id')
        .where('invoice_id', '=', invoiceId)
        .where('customer_phone', '=', phone)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
  };
}
