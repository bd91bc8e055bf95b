import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { cappedCount } from '@dak/domain/parcel-list';
import type { ParcelStatus, PaymentStatus } from '@dak/domain/parcel-status';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import type pg from 'pg';
import { containing } from '../../db/queries';
import type { DB, Executor } from '../../db/schema';

export type ParcelListFilter = {
  shopId: string;
  statuses?: readonly ParcelStatus[];
  excludeStatus?: ParcelStatus;
  paymentStatus?: PaymentStatus;
  createdFrom?: Date;
  /** Exclusive. */
  createdBefore?: Date;
  /** Inclusive. */
  createdUntil?: Date;
  deliveryAreaId?: string;
  pickupLocationId?: string;
  search?: { trackingId?: string; phone?: string; phoneDigits?: string; text?: string };
  sort: 'asc' | 'desc';
  limit: number;
  offset: number;
  /** Count at most this many (the answer says when it stopped there); null counts every match. */
  countCap: number | null;
};

/** PostgreSQL's answer to a prepared statement whose table's columns changed since it was prepared. */
function planChanged(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === '0A000' && typeof e.message === 'string' && e.message.includes('cached plan');
}

/** Runs a query with pg's own options (a statement name): the API's pool. */
export type Queryable = Pick<pg.Pool, 'query'>;

/** A list query's text, and its name when it runs as a named (prepared) statement. */
type Statement = { sql: string; name?: string };
type Shape = { page: Statement; count: Statement };

/**
 * At most this many filter shapes run as named statements per process; rarer shapes past it run
 * unnamed. Each pooled connection keeps a parsed statement (and its plan) per name.
 */
const maxNamedShapes = 64;
/** At most this many shapes' texts are kept per process. */
const maxShapes = 1000;

/**
 * The filter's shape (which filters are set, how many statuses, which kind of search, the sort,
 * capped or exact count) and the values of its `where`, in the order the query's text takes them.
 * Two filters of one shape have the same query text: it is built once per shape.
 */
export function listShapeOf(filter: ParcelListFilter) {
  const { statuses, search } = filter;
  const key: (string | number)[] = [filter.sort, filter.countCap === null ? 'exact' : 'capped'];
  const values: unknown[] = [filter.shopId];
  const add = (name: string | number, ...vs: unknown[]) => {
    key.push(name);
    values.push(...vs);
  };
  if (statuses) add(`statuses${statuses.length}`, ...statuses);
  if (filter.excludeStatus) add('excludeStatus', filter.excludeStatus);
  if (filter.paymentStatus) add('paymentStatus', filter.paymentStatus);
  if (filter.createdFrom) add('createdFrom', filter.createdFrom);
  if (filter.createdBefore) add('createdBefore', filter.createdBefore);
  if (filter.createdUntil) add('createdUntil', filter.createdUntil);
  if (filter.deliveryAreaId) add('deliveryAreaId', filter.deliveryAreaId);
  if (filter.pickupLocationId) add('pickupLocationId', filter.pickupLocationId);
  if (search) {
    if (search.trackingId) add('trackingId', search.trackingId);
    if (search.phone) add('phone', search.phone, search.phone);
    if (search.phoneDigits) add('phoneDigits', `%${search.phoneDigits}%`);
    if (search.text) add('text', search.text, search.text.toUpperCase(), containing(search.text));
  }
  return {
    key: key.join(' '),
    values,
    /** A lookup finds a parcel or a few: its page comes first, and a short page is its count. */
    lookup: Boolean(search && (search.trackingId || search.phone) && !search.text),
    /**
     * Pattern searches (`like`, `ilike`) stay unnamed: their plan depends on the pattern, which a
     * generic plan of a prepared statement would not see.
     */
    nameable: !(search?.text || search?.phoneDigits),
  };
}

/**
 * The parcel list's page and count (issue 16, item 2): the query text is built with Kysely once
 * per filter shape, and runs on the API's pool as a named statement (parsed, and once PostgreSQL
 * finds its generic plan good, planned, once per connection) for the shapes whose plan does not
 * depend on a pattern. The page and the count run at once, except for lookups (a tracking ID, a
 * whole phone): their page runs alone, and when it is shorter than the page size it is its count.
 */
export function createParcelListRepository(db: Kysely<DB>, pool?: Queryable) {
  const shapes = new Map<string, Shape>();
  let named = 0;
  /** Part of every name: bumped when a table changed under this process's prepared statements. */
  let generation = 0;

  /** The page and count for a filter, with Kysely; every value is a parameter. */
  function build(filter: ParcelListFilter, trx: Executor) {
    const { statuses, search } = filter;
    const matching = trx
      .selectFrom('parcels as p')
      .where('p.shop_id', '=', filter.shopId)
      .where((eb) => {
        const and = [];
        if (statuses) and.push(eb('p.status', 'in', statuses));
        if (filter.excludeStatus) and.push(eb('p.status', '!=', filter.excludeStatus));
        if (filter.paymentStatus) and.push(eb('p.payment_status', '=', filter.paymentStatus));
        if (filter.createdFrom) and.push(eb('p.created_at', '>=', filter.createdFrom));
        if (filter.createdBefore) and.push(eb('p.created_at', '<', filter.createdBefore));
        if (filter.createdUntil) and.push(eb('p.created_at', '<=', filter.createdUntil));
        if (filter.deliveryAreaId) and.push(eb('p.delivery_area_id', '=', filter.deliveryAreaId));
        if (filter.pickupLocationId) and.push(eb('p.pickup_location_id', '=', filter.pickupLocationId));
        if (search) {
          const or = [];
          if (search.trackingId) or.push(eb('p.tracking_id', '=', search.trackingId));
          if (search.phone) {
            or.push(eb('p.customer_phone', '=', search.phone), eb('p.alternate_phone', '=', search.phone));
          }
          if (search.phoneDigits) or.push(eb('p.customer_phone', 'like', `%${search.phoneDigits}%`));
          if (search.text) {
            or.push(
              eb('p.invoice_id', '=', search.text),
              eb('p.tracking_id', '=', search.text.toUpperCase()),
              eb('p.customer_name', 'ilike', containing(search.text)),
            );
          }
          and.push(eb.or(or));
        }
        return eb.and(and);
      });
    const page = matching
      .innerJoin('areas as a', 'a.id', 'p.delivery_area_id')
      .innerJoin('pickup_locations as l', 'l.id', 'p.pickup_location_id')
      .selectAll('p')
      .select(['a.name_en as area_name_en', 'a.name_bn as area_name_bn', 'l.name as pickup_location_name'])
      .orderBy('p.created_at', filter.sort)
      .orderBy('p.id', filter.sort)
      .limit(filter.limit)
      .offset(filter.offset);
    const count =
      filter.countCap === null
        ? matching.select((eb) => eb.fn.countAll<string>().as('n'))
        : trx
            .selectFrom(
              matching
                .select(sql<number>`1`.as('one'))
                .limit(filter.countCap + 1)
                .as('m'),
            )
            .select((eb) => eb.fn.countAll<string>().as('n'));
    return { page, count };
  }
  type PageRow = Awaited<ReturnType<ReturnType<typeof build>['page']['execute']>>[number];

  /** The values of the page's and the count's parameters: the where's, then limit and offset, or the cap. */
  function parametersOf(filter: ParcelListFilter, where: unknown[]) {
    return {
      page: [...where, filter.limit, filter.offset],
      count: filter.countCap === null ? where : [...where, filter.countCap + 1],
    };
  }

  /** The shape's statements, built on its first use; the built parameters must be the shape's. */
  function statementsOf(filter: ParcelListFilter) {
    const shape = listShapeOf(filter);
    const parameters = parametersOf(filter, shape.values);
    let statements = shapes.get(shape.key);
    if (!statements) {
      const built = build(filter, db);
      const page = built.page.compile();
      const count = built.count.compile();
      if (
        !isDeepStrictEqual(page.parameters, parameters.page) ||
        !isDeepStrictEqual(count.parameters, parameters.count)
      ) {
        throw new Error(`parcel list: the parameters of shape "${shape.key}" are not in the query's order`);
      }
      const name = shape.nameable && pool && named < maxNamedShapes;
      if (name) named++;
      const nameOf = (text: string) =>
        name
          ? `dak_parcel_list_${generation}_${createHash('sha256').update(text).digest('hex').slice(0, 20)}`
          : undefined;
      statements = {
        page: { sql: page.sql, name: nameOf(page.sql) },
        count: { sql: count.sql, name: nameOf(count.sql) },
      };
      // Shapes are few in use; past this many a rare one is built again each time instead of kept.
      if (shapes.size < maxShapes) shapes.set(shape.key, statements);
    }
    return { statements, parameters, lookup: shape.lookup };
  }

  async function run<Row>(statement: Statement, values: unknown[], trx: Executor): Promise<Row[]> {
    if (pool && trx === db) {
      try {
        const result = await pool.query({ name: statement.name, text: statement.sql, values });
        return result.rows as Row[];
      } catch (error) {
        if (!statement.name || !planChanged(error)) throw error;
        // Another process migrated `parcels` (a rolling deploy): a statement prepared before
        // selects `p.*`, and PostgreSQL refuses it on every connection that holds it. The shapes
        // are named afresh (new names are prepared anew) and this query runs unnamed.
        generation += 1;
        named = 0;
        shapes.clear();
        const result = await pool.query({ text: statement.sql, values });
        return result.rows as Row[];
      }
    }
    const result = await trx.executeQuery<Row>(CompiledQuery.raw(statement.sql, values));
    return result.rows as Row[];
  }

  return {
    /** The page's and count's text and parameters for a filter (the bench times and plans them). */
    statementsOf,

    /**
     * One page and how many match in all, or up to `countCap`: the count reads at most cap + 1
     * rows, so a busy shop's first page does not pay for counting every parcel it ever had.
     */
    async list(filter: ParcelListFilter, trx: Executor = db) {
      const { statements, parameters, lookup } = statementsOf(filter);
      const countRows = () =>
        run<{ n: string | number }>(statements.count, parameters.count, trx).then((r) => Number(r[0]?.n));
      let rows: PageRow[];
      let counted: number;
      if (lookup) {
        rows = await run<PageRow>(statements.page, parameters.page, trx);
        // A short page that is not past the end holds the last match: offset + rows is the count.
        counted =
          rows.length < filter.limit && (rows.length > 0 || filter.offset === 0)
            ? filter.offset + rows.length
            : await countRows();
      } else {
        [rows, counted] = await Promise.all([
          run<PageRow>(statements.page, parameters.page, trx),
          countRows(),
        ]);
      }
      return { rows, ...cappedCount(counted, filter.countCap ?? counted) };
    },
  };
}

export type ParcelListRepository = ReturnType<typeof createParcelListRepository>;
