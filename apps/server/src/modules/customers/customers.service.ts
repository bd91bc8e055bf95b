import {
  type Customer,
  type CustomerListQuery,
  type CustomerUpdate,
  customerMessages,
  successRateOf,
} from '@dak/domain/customers';
import { normalizePhone } from '@dak/domain/phone';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB, ShopCustomersTable } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { pageOf } from '../../lib/paging';
import type { GeoService } from '../geo/geo.service';
import type { CustomerRow, CustomerSearch, CustomersRepository } from './customers.repository';

export type CustomersService = ReturnType<typeof createCustomersService>;

/** A booking's customer, as booking hands it to the address book. */
export type BookedCustomer = {
  shopId: string;
  phone: string;
  name: string;
  address: string;
  deliveryAreaId: string;
  alternatePhone: string | null;
  at: Date;
};

function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    phone: row.phone,
    name: row.name,
    address: row.address,
    deliveryArea: { id: row.delivery_area_id, nameEn: row.area_name_en, nameBn: row.area_name_bn },
    alternatePhone: row.alternate_phone,
    parcelCount: row.parcel_count,
    lastBookedAt: row.last_booked_at,
  };
}

function fieldError(field: string, message: string) {
  return new AppError('VALIDATION_FAILED', message, { fields: [{ path: `body.${field}`, message }] });
}

/** What `q` can mean: a phone in any spelling, 5+ digits of one, or part of a name. */
function searchOf(q: string | undefined): CustomerSearch | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const phone = normalizePhone(text);
  if (phone) return { phone };
  const digits = text.replace(/[\s+-]/g, '');
  const phoneDigits = /^\d{5,}$/.test(digits) ? digits.replace(/^(?:880|0)/, '') : undefined;
  return { text, phoneDigits };
}

/**
 * The shop's customer address book (filled by bookings, editable), customer flags, and a phone's
 * platform-wide delivery record. Another shop's customers are never shown: only counts cross shops.
 */
export function createCustomersService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  repo: CustomersRepository;
  geo: Pick<GeoService, 'findAreas'>;
}) {
  const { clock, repo, geo } = deps;

  async function load(shopId: string, id: string) {
    const row = await repo.findById(shopId, id);
    if (!row) throw new AppError('NOT_FOUND', customerMessages.notFound);
    return row;
  }

  /** The phone's delivered and returned counts on the whole platform, and the flags on it. */
  async function successRate(shopId: string, phone: string) {
    const [outcomes, flags] = await Promise.all([repo.outcomes(phone), repo.flags(phone, shopId)]);
    return {
      phone,
      ...successRateOf(outcomes.delivered, outcomes.returned),
      flaggedByThisShop: flags.own !== null,
      flagReason: flags.own?.reason ?? null,
      flaggedByShops: flags.count,
    };
  }

  /**
   * Many bookings' customers in one statement, in booking order: a phone booked twice ends with
   * the later booking's details (and the later non-empty alternate phone), counted twice.
   */
  async function recordBookings(inputs: readonly BookedCustomer[], trx: Transaction<DB>) {
    const byPhone = new Map<string, Insertable<ShopCustomersTable>>();
    for (const input of inputs) {
      const key = `${input.shopId} ${input.phone}`;
      const before = byPhone.get(key);
      byPhone.set(key, {
        shop_id: input.shopId,
        phone: input.phone,
        name: input.name,
        address: input.address,
        delivery_area_id: input.deliveryAreaId,
        alternate_phone: input.alternatePhone ?? before?.alternate_phone ?? null,
        parcel_count: (before?.parcel_count ?? 0) + 1,
        last_booked_at: input.at,
        created_at: before?.created_at ?? input.at,
        updated_at: input.at,
      });
    }
    await repo.upsertFromBookings([...byPhone.values()], trx);
  }

  return {
    /** Called by booking inside its transaction: the phone's row gets the newest details. */
    async recordBooking(input: BookedCustomer, trx: Transaction<DB>) {
      await recordBookings([input], trx);
    },

    recordBookings,

    async list(shopId: string, query: CustomerListQuery) {
      const page = await repo.list({
        shopId,
        search: searchOf(query.q),
        limit: query.limit,
        offset: query.offset,
      });
      return pageOf(page, toCustomer);
    },

    /** The shop's customer with this (normalised) phone, or null. */
    async byPhone(shopId: string, phone: string) {
      const row = await repo.findByPhone(shopId, phone);
      return { customer: row ? toCustomer(row) : null };
    },

    async update(shopId: string, id: string, body: CustomerUpdate): Promise<Customer> {
      const row = await load(shopId, id);
      if (body.deliveryAreaId && !(await geo.findAreas([body.deliveryAreaId])).has(body.deliveryAreaId)) {
        throw fieldError('deliveryAreaId', customerMessages.areaNotFound);
      }
      if (body.alternatePhone && body.alternatePhone === row.phone) {
        throw fieldError('alternatePhone', 'Alternate phone must differ from the customer phone');
      }
      await repo.update(row.id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.address !== undefined ? { address: body.address } : {}),
        ...(body.deliveryAreaId !== undefined ? { delivery_area_id: body.deliveryAreaId } : {}),
        ...(body.alternatePhone !== undefined ? { alternate_phone: body.alternatePhone } : {}),
        updated_at: clock.now(),
      });
      return toCustomer(await load(shopId, id));
    },

    successRate,

    /** This shop flags a phone (again: the reason is replaced). */
    async flag(input: { shopId: string; userId: string; phone: string; reason: string }) {
      await repo.upsertFlag({
        shop_id: input.shopId,
        phone: input.phone,
        reason: input.reason,
        flagged_by_user_id: input.userId,
        at: clock.now(),
      });
      return successRate(input.shopId, input.phone);
    },
  };
}
