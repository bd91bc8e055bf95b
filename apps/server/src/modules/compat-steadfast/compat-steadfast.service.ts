import { bulkBatchSize } from '@dak/domain/bulk';
import {
  type SteadfastOrder,
  steadfastAreaProblems,
  steadfastBookingOf,
  steadfastBulkItems,
  steadfastFieldOf,
  steadfastMessages,
  steadfastMinAreaConfidence,
  steadfastOrderSchema,
  steadfastPhone,
  steadfastReturnStatusOf,
  steadfastStatusOf,
  steadfastTime,
} from '@dak/domain/compat/steadfast';
import { unattendedAreaOf } from '@dak/domain/compat/unattended-area';
import { compatNumberIndex, compatNumberOf } from '@dak/domain/compat-ids';
import { accountCodes } from '@dak/domain/money';
import { type ParcelCreate, parcelCreateSchema } from '@dak/domain/parcel';
import type { ChargeQuote } from '@dak/domain/pricing';
import {
  consignmentNumberOf,
  normalizeTrackingId,
  trackingIdOfConsignmentNumber,
} from '@dak/domain/tracking-id';
import { AppError } from '../../errors';
import { batchJsonValues, jsonShapeFault } from '../../plugins/json-body';
import type { AddressPredictionService } from '../address-prediction/address-prediction.service';
import { checkBookings } from '../bulk-parcels/bulk-parcels.service';
import type { GeoService } from '../geo/geo.service';
import type { PaymentsService } from '../invoices/payments.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { ParcelsService } from '../parcels/parcels.service';
import type { PickupLocationsService } from '../pickup-locations/pickup-locations.service';
import type { ReturnsService } from '../returns/returns.service';
import type { CompatSteadfastRepository, SteadfastParcelRow } from './compat-steadfast.repository';

/** Field errors as Steadfast shapes them: `{field: [message, …]}`. */
export type SteadfastErrors = Record<string, string[]>;

/** A refusal of the order's fields: 400 VALIDATION_FAILED with the fields in Steadfast's names. */
function refused(errors: SteadfastErrors): AppError {
  const fields = Object.entries(errors).flatMap(([path, list]) => list.map((message) => ({ path, message })));
  return new AppError('VALIDATION_FAILED', fields[0]?.message ?? 'Invalid request', { fields });
}

function add(errors: SteadfastErrors, field: string, message: string) {
  const list = errors[field] ?? [];
  if (!list.includes(message)) list.push(message);
  errors[field] = list;
}

/** The order's own field errors (Steadfast's names). */
function orderErrors(issues: readonly { path: PropertyKey[]; message: string }[]): SteadfastErrors {
  const errors: SteadfastErrors = {};
  for (const issue of issues) add(errors, String(issue.path[0] ?? 'data'), issue.message);
  return errors;
}

/** A Dak booking's refusal (`body.customerPhone`, `cashCollectionAmount`) in the order's words. */
function bookingErrors(fields: readonly { field: string; message: string }[]): SteadfastErrors {
  const errors: SteadfastErrors = {};
  for (const { field, message } of fields) {
    const name = field.replace(/^body\./, '');
    add(errors, steadfastFieldOf[name] ?? name, message);
  }
  return errors;
}

/** A booking's refusal of the order (a 400) in the order's words; anything else is rethrown. */
function bookingErrorOf(error: unknown): SteadfastErrors {
  if (!(error instanceof AppError) || error.status !== 400) throw error;
  const fields = (error.details as { fields?: { path: string; message: string }[] } | undefined)?.fields;
  if (fields?.length) return bookingErrors(fields.map((f) => ({ field: f.path, message: f.message })));
  return { [error.code === 'NO_ACTIVE_PICKUP_LOCATION' ? 'pickup_location' : 'order']: [error.message] };
}

const taka = (poisha: number) => poisha / 100;

/** Steadfast's consignment object (create_order's answer). */
function consignmentOf(p: SteadfastParcelRow) {
  return {
    consignment_id: consignmentNumberOf(p.tracking_id),
    invoice: p.invoice_id,
    tracking_code: p.tracking_id,
    recipient_name: p.customer_name,
    recipient_phone: steadfastPhone(p.customer_phone),
    recipient_address: p.customer_address,
    cod_amount: taka(p.cash_collection_poisha),
    status: deliveryStatusOf(p),
    note: p.instructions,
    created_at: steadfastTime(p.created_at),
    updated_at: steadfastTime(p.updated_at),
  };
}

function deliveryStatusOf(p: SteadfastParcelRow) {
  const partial = p.amount_collected_poisha !== null && p.amount_collected_poisha < p.cash_collection_poisha;
  return steadfastStatusOf(p.status, partial);
}

/** A return request: one per parcel, its id the parcel's consignment ID (Dak stores no other). */
function returnRequestOf(p: SteadfastParcelRow, shopId: string, reason: string | null = null) {
  const consignmentId = consignmentNumberOf(p.tracking_id);
  return {
    id: consignmentId,
    user_id: compatNumberOf(shopId),
    consignment_id: consignmentId,
    invoice: p.invoice_id,
    tracking_code: p.tracking_id,
    reason,
    status: steadfastReturnStatusOf(p.status) ?? 'pending',
    created_at: steadfastTime(p.updated_at),
    updated_at: steadfastTime(p.updated_at),
  };
}

/** The same order sent again (a retry after a timeout): same recipient, address and cash. */
function sameOrder(p: SteadfastParcelRow, order: SteadfastOrder, phone: string) {
  return (
    p.customer_name === order.recipient_name &&
    p.customer_phone === phone &&
    p.customer_address === order.recipient_address &&
    p.cash_collection_poisha === order.cod_amount * 100
  );
}

type BulkRow = {
  input: Record<string, unknown>;
  order?: SteadfastOrder;
  body?: ParcelCreate;
  quote?: ChargeQuote;
  errors: SteadfastErrors;
  trackingId?: string;
};

export type CompatSteadfastService = ReturnType<typeof createCompatSteadfastService>;

/**
 * Steadfast's merchant API over Dak's services (issue 15, item 4): orders are booked by the parcels
 * service (one booking path), addresses read by the address reader, money read from the ledger and
 * the invoices; this service only translates.
 */
export function createCompatSteadfastService(deps: {
  repo: CompatSteadfastRepository;
  parcels: ParcelsService;
  pickups: Pick<PickupLocationsService, 'list'>;
  addressPrediction: Pick<AddressPredictionService, 'predictTrusted'>;
  ledger: Pick<LedgerService, 'balances'>;
  payments: Pick<PaymentsService, 'invoices' | 'invoiceParcels'>;
  returns: Pick<ReturnsService, 'confirmReturn'>;
  geo: Pick<GeoService, 'listDistricts' | 'listAreas'>;
}) {
  const { repo, parcels } = deps;

  /** The shop's default pickup location: its first active one (the one made with the shop). */
  async function defaultPickup(shopId: string): Promise<string | null> {
    const page = await deps.pickups.list({ shopId, status: 'active', limit: 100, offset: 0 });
    return page.items.at(-1)?.id ?? null;
  }

  /** The delivery area of an order's address, or the refusal naming why it cannot be read. */
  async function areaOf(address: string): Promise<{ areaId: string } | { error: string }> {
    const read = await unattendedAreaOf(
      address,
      (text) => deps.addressPrediction.predictTrusted(text),
      steadfastMinAreaConfidence,
    );
    return read.ok ? { areaId: read.areaId } : { error: steadfastAreaProblems[read.problem] };
  }

  /** An order as a checked Dak booking body, or its errors in Steadfast's words. */
  async function bookingBodyOf(
    order: SteadfastOrder,
    pickupLocationId: string | null,
  ): Promise<{ body: ParcelCreate } | { errors: SteadfastErrors }> {
    if (!pickupLocationId) return { errors: { pickup_location: [steadfastMessages.noPickupLocation] } };
    const area = await areaOf(order.recipient_address);
    if ('error' in area) return { errors: { recipient_address: [area.error] } };
    const parsed = parcelCreateSchema.safeParse(
      steadfastBookingOf(order, { deliveryAreaId: area.areaId, pickupLocationId }),
    );
    if (parsed.success) return { body: parsed.data };
    return {
      errors: bookingErrors(
        parsed.error.issues.map((i) => ({ field: String(i.path[0]), message: i.message })),
      ),
    };
  }

  async function parcelOf(shopId: string, trackingId: string | null) {
    const [parcel] = trackingId ? await repo.byTrackingIds(shopId, [trackingId]) : [];
    if (!parcel) throw new AppError('NOT_FOUND', steadfastMessages.consignmentNotFound);
    return parcel;
  }

  const byConsignmentId = (value: string | number) =>
    trackingIdOfConsignmentNumber(
      typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : 0,
    );

  async function invoiceIdOf(shopId: string, paymentId: string) {
    const { items } = await deps.payments.invoices(shopId, { limit: 1000, offset: 0 });
    const index = compatNumberIndex(items.map((i) => i.id));
    const id = /^\d+$/.test(paymentId)
      ? index.get(Number(paymentId))
      : items.find((i) => i.id === paymentId)?.id;
    const invoice = items.find((i) => i.id === id);
    if (!invoice) throw new AppError('NOT_FOUND', steadfastMessages.paymentNotFound);
    return invoice;
  }

  const paymentOf = (i: {
    id: string;
    number: string;
    status: string;
    netAmount: number;
    createdAt: string;
  }) => ({
    id: compatNumberOf(i.id),
    payment_id: i.number,
    amount: i.netAmount,
    status: i.status,
    created_at: i.createdAt,
    updated_at: i.createdAt,
  });

  return {
    /** POST /create_order: one order, booked or refused as a whole. */
    async createOrder(input: { shopId: string; userId: string; body: unknown }) {
      const { shopId, userId } = input;
      const parsed = steadfastOrderSchema.safeParse(input.body ?? {});
      if (!parsed.success) throw refused(orderErrors(parsed.error.issues));
      const order = parsed.data;
      const phone = parcelCreateSchema.shape.customerPhone.parse(order.recipient_phone);
      // Steadfast's invoice is unique per merchant; the same order sent again answers its parcel.
      const [taken] = await repo.takenInvoices(shopId, [order.invoice]);
      if (taken) {
        if (sameOrder(taken, order, phone)) return { consignment: consignmentOf(taken), replayed: true };
        throw refused({ invoice: [steadfastMessages.invoiceTaken] });
      }
      const mapped = await bookingBodyOf(order, await defaultPickup(shopId));
      if ('errors' in mapped) throw refused(mapped.errors);
      // The invoice is the booking's idempotency key too: two racing requests book one parcel.
      const outcome = await parcels
        .create({ shopId, userId, body: mapped.body, idempotencyKey: `steadfast:invoice:${order.invoice}` })
        .catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'IDEMPOTENCY_KEY_REUSED') {
            throw refused({ invoice: [steadfastMessages.invoiceTaken] });
          }
          throw refused(bookingErrorOf(error));
        });
      const parcel = await parcelOf(shopId, outcome.result.trackingId);
      return { consignment: consignmentOf(parcel), replayed: outcome.replayed };
    },

    /**
     * POST /create_order/bulk-order: up to 500 orders, each booked or refused on its own, the
     * answer a row per order in input order (Steadfast's bare array), with the refusal's reasons.
     */
    async bulkOrder(input: { shopId: string; userId: string; data: unknown }) {
      const { shopId, userId } = input;
      // `data` may be the array JSON-encoded: its text is counted before it is parsed, as the app's
      // parser counts the body (a 2 MB string of `{},` or `[[[` held the event loop ~0.4–0.8 s).
      const text = input.data;
      if (typeof text === 'string' && jsonShapeFault(text, { values: batchJsonValues }) !== null) {
        throw refused({ data: [steadfastMessages.bulkTooMany] });
      }
      const items = steadfastBulkItems(input.data);
      if (typeof items === 'string') throw refused({ data: [items] });
      const pickupLocationId = await defaultPickup(shopId);
      const rows: BulkRow[] = items.map((item) => {
        const inputRow = item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
        const parsed = steadfastOrderSchema.safeParse(inputRow);
        return parsed.success
          ? { input: inputRow, order: parsed.data, errors: {} }
          : { input: inputRow, errors: orderErrors(parsed.error.issues) };
      });
      // Invoices: unique in the shop and within the call (the first row with it wins).
      const taken = new Set(
        (
          await repo.takenInvoices(shopId, [
            ...new Set(rows.flatMap((r) => (r.order ? [r.order.invoice] : []))),
          ])
        ).map((p) => p.invoice_id),
      );
      const seen = new Set<string>();
      for (const row of rows) {
        if (!row.order) continue;
        if (taken.has(row.order.invoice) || seen.has(row.order.invoice)) {
          row.errors = { invoice: [steadfastMessages.invoiceTaken] };
          continue;
        }
        seen.add(row.order.invoice);
        const mapped = await bookingBodyOf(row.order, pickupLocationId);
        if ('errors' in mapped) row.errors = mapped.errors;
        else row.body = mapped.body;
      }
      const checked = rows.map((r) => ({
        body: r.body,
        quote: r.quote,
        errors: [] as { field: string; message: string }[],
      }));
      await checkBookings(parcels, shopId, checked);
      for (const [i, row] of rows.entries()) {
        const check = checked[i];
        if (!check || !row.body) continue;
        if (check.body && check.quote) row.quote = check.quote;
        else {
          row.body = undefined;
          row.errors = bookingErrors(check.errors);
        }
      }
      const good = rows.filter((r) => r.body && r.quote);
      if (good.length > 0) {
        const trackingIds = await parcels.createMany({
          shopId,
          userId,
          batchSize: bulkBatchSize,
          items: good.map((r) => ({ body: r.body as ParcelCreate, quote: r.quote as ChargeQuote })),
        });
        for (const [i, row] of good.entries()) row.trackingId = trackingIds[i];
      }
      return rows.map((row) => {
        const v = row.input;
        const cod = Number(row.order?.cod_amount ?? v.cod_amount);
        return {
          invoice: row.order?.invoice ?? (v.invoice === undefined ? null : String(v.invoice)),
          recipient_name:
            row.order?.recipient_name ?? (typeof v.recipient_name === 'string' ? v.recipient_name : null),
          recipient_address:
            row.order?.recipient_address ??
            (typeof v.recipient_address === 'string' ? v.recipient_address : null),
          recipient_phone:
            row.order?.recipient_phone ??
            (v.recipient_phone === undefined ? null : String(v.recipient_phone)),
          cod_amount: Number.isFinite(cod) ? cod.toFixed(2) : null,
          note: row.order?.note ?? (typeof v.note === 'string' ? v.note : null),
          consignment_id: row.trackingId ? consignmentNumberOf(row.trackingId) : null,
          tracking_code: row.trackingId ?? null,
          status: row.trackingId ? ('success' as const) : ('error' as const),
          ...(row.trackingId ? {} : { errors: row.errors }),
        };
      });
    },

    /** GET /status_by_cid, /status_by_invoice, /status_by_trackingcode. */
    async status(
      shopId: string,
      by: { consignmentId: string } | { invoice: string } | { trackingCode: string },
    ) {
      let parcel: SteadfastParcelRow | undefined;
      if ('invoice' in by) parcel = await repo.byInvoice(shopId, by.invoice);
      else {
        const trackingId =
          'consignmentId' in by ? byConsignmentId(by.consignmentId) : normalizeTrackingId(by.trackingCode);
        parcel = await parcelOf(shopId, trackingId);
      }
      if (!parcel) throw new AppError('NOT_FOUND', steadfastMessages.consignmentNotFound);
      return { delivery_status: deliveryStatusOf(parcel), tracking_code: parcel.tracking_id };
    },

    /** GET /get_balance: what Dak owes the shop on its ledger account, in taka (negative: it owes Dak). */
    async balance(shopId: string) {
      const code = accountCodes.shop(shopId);
      const balances = await deps.ledger.balances([code]);
      // The shop's payable is a liability: Dak owes the shop minus its balance.
      const owed = -(balances.get(code) ?? 0);
      return { current_balance: taka(owed) + 0 };
    },

    /**
     * POST /create_return_request: the merchant takes back a parcel whose delivery failed (Dak's
     * "confirm return"); the parcel's return leg is the request.
     */
    async createReturnRequest(input: { shopId: string; userId: string; body: Record<string, unknown> }) {
      const { shopId, userId, body } = input;
      const reason = typeof body.reason === 'string' && body.reason.trim() ? body.reason.trim() : null;
      let parcel: SteadfastParcelRow | undefined;
      if (body.consignment_id !== undefined && body.consignment_id !== null && body.consignment_id !== '') {
        parcel = await parcelOf(shopId, byConsignmentId(String(body.consignment_id)));
      } else if (typeof body.tracking_code === 'string' && body.tracking_code) {
        parcel = await parcelOf(shopId, normalizeTrackingId(body.tracking_code));
      } else if (typeof body.invoice === 'string' && body.invoice) {
        parcel = await repo.byInvoice(shopId, body.invoice);
        if (!parcel) throw new AppError('NOT_FOUND', steadfastMessages.consignmentNotFound);
      } else throw refused({ consignment_id: [steadfastMessages.returnIdentifier] });
      if (!steadfastReturnStatusOf(parcel.status)) {
        await deps.returns.confirmReturn({ shopId, userId, trackingId: parcel.tracking_id });
        parcel = await parcelOf(shopId, parcel.tracking_id);
      }
      return returnRequestOf(parcel, shopId, reason);
    },

    async returnRequests(shopId: string) {
      return (await repo.returning(shopId, 500)).map((p) => returnRequestOf(p, shopId));
    },

    async returnRequest(shopId: string, id: string) {
      const trackingId = byConsignmentId(id);
      const [parcel] = trackingId ? await repo.byTrackingIds(shopId, [trackingId]) : [];
      if (!parcel || !steadfastReturnStatusOf(parcel.status)) {
        throw new AppError('NOT_FOUND', steadfastMessages.returnNotFound);
      }
      return returnRequestOf(parcel, shopId);
    },

    /** GET /payments: the shop's invoices (Dak's payouts), newest first. */
    async payments(shopId: string) {
      const { items } = await deps.payments.invoices(shopId, { limit: 1000, offset: 0 });
      return items.map(paymentOf);
    },

    /** GET /payments/{payment_id}: one invoice with its consignments. */
    async payment(shopId: string, paymentId: string) {
      const invoice = await invoiceIdOf(shopId, paymentId);
      const { items } = await deps.payments.invoiceParcels(shopId, invoice.id, { limit: 10_000, offset: 0 });
      const parcelsOf = new Map(
        (
          await repo.byTrackingIds(
            shopId,
            items.map((p) => p.trackingId),
          )
        ).map((p) => [p.tracking_id, p]),
      );
      return {
        ...paymentOf(invoice),
        consignments: items.map((p) => ({
          id: consignmentNumberOf(p.trackingId),
          consignment_id: consignmentNumberOf(p.trackingId),
          invoice: parcelsOf.get(p.trackingId)?.invoice_id ?? null,
          tracking_code: p.trackingId,
          cod_amount: p.cashCollected,
          delivery_charge: p.deliveryCharge + p.codCharge + p.returnCharge,
          net_amount: p.netAmount,
          status: p.settlementType,
        })),
      };
    },

    /** GET /police_stations: Dak's delivery areas (thanas, upazilas, city areas) by district. */
    async policeStations() {
      const districts = (await deps.geo.listDistricts()).items;
      const lists = await Promise.all(districts.map((d) => deps.geo.listAreas(d.id)));
      return districts.flatMap((d, i) =>
        (lists[i]?.items ?? []).map((a) => ({
          id: compatNumberOf(a.id),
          name: a.nameEn,
          name_bn: a.nameBn,
          district: d.nameEn,
          district_bn: d.nameBn,
          postcode: a.postcode,
          dak_area_id: a.id,
        })),
      );
    },
  };
}
