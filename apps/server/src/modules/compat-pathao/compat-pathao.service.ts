import { randomUUID } from 'node:crypto';
import { type ApiKeyScope, formatApiKeyToken, missingScopeMessage } from '@dak/domain/api-keys';
import {
  type PathaoOrder,
  type PathaoPricePlan,
  type PathaoStoreCreate,
  type PathaoTokenRequest,
  pathaoAccessTokenSeconds,
  pathaoAreaConfidenceMin,
  pathaoMessages,
  pathaoOrderSchema,
  pathaoOrderStatusOf,
  pathaoPerPage,
  pathaoRefreshTokenSeconds,
} from '@dak/domain/compat/pathao';
import { compatNumberIndex, compatNumberOf } from '@dak/domain/compat-ids';
import { parcelCreateSchema, parcelListQuerySchema } from '@dak/domain/parcel';
import { normalizePhone } from '@dak/domain/phone';
import { pickupLocationCreateSchema } from '@dak/domain/shop';
import { normalizeTrackingId } from '@dak/domain/tracking-id';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { AddressPredictionService } from '../address-prediction/address-prediction.service';
import type { ApiKeysService } from '../api-keys/api-keys.service';
import type { AccountsService } from '../auth/accounts.service';
import type { AuthService } from '../auth/auth.service';
import type { ParcelBatchService } from '../bulk-parcels/parcel-batch.service';
import type { GeoService } from '../geo/geo.service';
import type { ParcelsService } from '../parcels/parcels.service';
import type { PickupLocationsService } from '../pickup-locations/pickup-locations.service';
import type { PricingService } from '../pricing/pricing.service';
import type { CompatPathaoRepository } from './compat-pathao.repository';
import type { PathaoTokens } from './compat-pathao.tokens';

/** Pathao's per-field errors: `{field: [message]}`. */
export type PathaoFieldErrors = Record<string, string[]>;

/** Dak's booking and pickup fields by the names a Pathao client sent. */
export const pathaoFieldOfDak: Record<string, string> = {
  customerName: 'recipient_name',
  customerPhone: 'recipient_phone',
  customerAddress: 'recipient_address',
  alternatePhone: 'recipient_secondary_phone',
  deliveryAreaId: 'recipient_zone',
  pickupLocationId: 'store_id',
  cashCollectionAmount: 'amount_to_collect',
  sellingPrice: 'amount_to_collect',
  weightGrams: 'item_weight',
  weight: 'item_weight',
  invoiceId: 'merchant_order_id',
  instructions: 'special_instruction',
  name: 'name',
  address: 'address',
  areaId: 'zone_id',
  phone: 'contact_number',
};

/** A refusal of fields (422 in Pathao's envelope), in the handler's `details.fields` shape. */
function invalid(errors: PathaoFieldErrors): AppError {
  const fields = Object.entries(errors).flatMap(([field, list]) =>
    list.map((message) => ({ path: `body.${field}`, message })),
  );
  return new AppError('VALIDATION_FAILED', fields[0]?.message ?? pathaoMessages.validation, { fields });
}

function addError(errors: PathaoFieldErrors, field: string, message: string) {
  const name = pathaoFieldOfDak[field] ?? field;
  const list = errors[name] ?? [];
  if (!list.includes(message)) list.push(message);
  errors[name] = list;
}

/** zod issues as Pathao's field errors, under the names the client sent (or Dak's, mapped back). */
function errorsOfIssues(issues: readonly { path: PropertyKey[]; message: string }[]): PathaoFieldErrors {
  const errors: PathaoFieldErrors = {};
  for (const issue of issues) addError(errors, String(issue.path[0] ?? 'body'), issue.message);
  return errors;
}

/** `2024-11-20 15:11:40`: Pathao's timestamps are Dhaka wall-clock time. */
export function dhakaTimestamp(at: Date): string {
  return new Date(at.getTime() + 6 * 3600 * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

const placesTtlMs = 5_000;

type AreaRow = Awaited<ReturnType<CompatPathaoRepository['allAreas']>>[number];

/** Who a Pathao token speaks for, checked on this request. */
export type PathaoCaller = { shopId: string; userId: string; scopes: readonly ApiKeyScope[] };

export type CompatPathaoService = ReturnType<typeof createCompatPathaoService>;

/**
 * The Pathao-compatible API (issue 15, item 4) on Dak's own services: the key pair and the owner's
 * password through the api-keys and auth modules, stores as pickup locations, orders through the
 * one booking path (a single booking, or the developer API's batch), geography and prices from
 * geo and pricing. Nothing here writes a table of its own.
 */
export function createCompatPathaoService(deps: {
  clock: Clock;
  repo: CompatPathaoRepository;
  tokens: PathaoTokens;
  apiKeys: Pick<ApiKeysService, 'authenticate' | 'authenticateKeyId'>;
  auth: Pick<AuthService, 'verifyPassword'>;
  accounts: Pick<AccountsService, 'findMembership'>;
  parcels: ParcelsService;
  batch: ParcelBatchService;
  pickups: PickupLocationsService;
  geo: GeoService;
  pricing: PricingService;
  addressPrediction: Pick<AddressPredictionService, 'predictTrusted'>;
}) {
  const { clock, repo, tokens, apiKeys, parcels, pickups, geo, pricing } = deps;
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  /** The user is the shop's active owner: only the owner may use the API (as with API keys). */
  async function isOwner(shopId: string, userId: string) {
    const membership = await deps.accounts.findMembership(shopId, userId);
    return membership?.role === 'owner';
  }

  function issue(input: { shopId: string; userId: string; keyId: string }) {
    const iat = nowSeconds();
    const base = { sub: input.userId, shop: input.shopId, key: input.keyId, iat };
    return {
      token_type: 'Bearer' as const,
      expires_in: pathaoAccessTokenSeconds,
      access_token: tokens.sign({ ...base, typ: 'access', exp: iat + pathaoAccessTokenSeconds }),
      refresh_token: tokens.sign({ ...base, typ: 'refresh', exp: iat + pathaoRefreshTokenSeconds }),
    };
  }

  /**
   * Geography: districts are cities, every area a zone (and its own single area). Read once for a
   * few seconds (a bulk of 500 orders reads it once; staff's coverage changes show within that time).
   */
  let cachedPlaces: { expires: number; value: ReturnType<typeof loadPlaces> } | undefined;
  function places() {
    const now = Date.now();
    if (cachedPlaces && cachedPlaces.expires > now) return cachedPlaces.value;
    const value = loadPlaces();
    cachedPlaces = { expires: now + placesTtlMs, value };
    value.catch(() => {
      if (cachedPlaces?.value === value) cachedPlaces = undefined;
    });
    return value;
  }

  async function loadPlaces() {
    const rows = await repo.allAreas();
    const byNumber = compatNumberIndex(rows.map((r) => r.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const area = (n: number | undefined) => {
      const id = n === undefined ? undefined : byNumber.get(n);
      return id ? byId.get(id) : undefined;
    };
    return { rows, area };
  }

  async function districtOfCity(cityId: number): Promise<string | undefined> {
    const { items } = await geo.listDistricts();
    return items.find((d) => compatNumberOf(d.id) === cityId)?.id;
  }

  /**
   * The Dak area of Pathao's city/zone/area ids: the zone (or the area, which is the zone
   * itself), checked against the city when given. Field errors under Pathao's names.
   */
  async function areaOfIds(
    ids: { city?: number; zone?: number; area?: number },
    names: { city: string; zone: string; area: string },
    errors: PathaoFieldErrors,
  ): Promise<AreaRow | undefined> {
    const { area } = await places();
    const district = ids.city === undefined ? undefined : await districtOfCity(ids.city);
    if (ids.city !== undefined && !district) addError(errors, names.city, pathaoMessages.cityNotFound);
    const zoneNumber = ids.zone ?? ids.area;
    const zone = area(zoneNumber);
    if (!zone) {
      addError(errors, ids.zone === undefined ? names.area : names.zone, pathaoMessages.zoneNotFound);
      return undefined;
    }
    if (ids.zone !== undefined && ids.area !== undefined && ids.area !== ids.zone) {
      addError(errors, names.area, pathaoMessages.areaNotInZone);
    }
    if (district && zone.district_id !== district) addError(errors, names.zone, pathaoMessages.zoneNotInCity);
    return Object.keys(errors).length === 0 ? zone : undefined;
  }

  /** The shop's pickup locations by store number. */
  async function storesOf(shopId: string) {
    const { items } = await pickups.list({ shopId, limit: pathaoPerPage * 100, offset: 0 });
    const byNumber = compatNumberIndex(items.map((p) => p.id));
    return { items, idOf: (n: number) => byNumber.get(n) };
  }

  /**
   * A Pathao order as Dak's booking body, or its field errors. The delivery area is the zone (or
   * area) id when sent; without one, the address as Dak's reader reads it, refused when the reader
   * is not confident or names another city than the one sent.
   */
  async function bookingOf(
    input: unknown,
    stores: Awaited<ReturnType<typeof storesOf>>,
  ): Promise<{ body: Record<string, unknown>; order: PathaoOrder } | { errors: PathaoFieldErrors }> {
    const parsed = pathaoOrderSchema.safeParse(input);
    if (!parsed.success) return { errors: errorsOfIssues(parsed.error.issues) };
    const order = parsed.data;
    const errors: PathaoFieldErrors = {};
    const pickupLocationId = stores.idOf(order.store_id);
    if (!pickupLocationId) addError(errors, 'store_id', pathaoMessages.storeNotFound);
    let deliveryAreaId: string | undefined;
    if (order.recipient_zone !== undefined || order.recipient_area !== undefined) {
      deliveryAreaId = (
        await areaOfIds(
          { city: order.recipient_city, zone: order.recipient_zone, area: order.recipient_area },
          { city: 'recipient_city', zone: 'recipient_zone', area: 'recipient_area' },
          errors,
        )
      )?.id;
    } else {
      const district =
        order.recipient_city === undefined ? undefined : await districtOfCity(order.recipient_city);
      if (order.recipient_city !== undefined && !district) {
        addError(errors, 'recipient_city', pathaoMessages.cityNotFound);
      } else {
        const read = await deps.addressPrediction.predictTrusted(order.recipient_address);
        const confident = read.areaId && read.confidence >= pathaoAreaConfidenceMin;
        if (!confident || (district && read.districtId !== district)) {
          addError(errors, 'recipient_address', pathaoMessages.addressNotRead);
        } else deliveryAreaId = read.areaId ?? undefined;
      }
    }
    if (Object.keys(errors).length > 0) return { errors };
    const instructions = [
      order.special_instruction,
      order.item_description ? `Item: ${order.item_description}` : undefined,
      order.item_quantity > 1 ? `Quantity: ${order.item_quantity}` : undefined,
    ]
      .filter(Boolean)
      .join(' · ');
    const amount = Math.round(order.amount_to_collect);
    const body = {
      customerName: order.recipient_name,
      customerPhone: order.recipient_phone,
      customerAddress: order.recipient_address,
      deliveryAreaId,
      pickupLocationId,
      cashCollectionAmount: amount,
      sellingPrice: amount,
      weightGrams: Math.round(order.item_weight * 1000),
      invoiceId: order.merchant_order_id,
      alternatePhone: order.recipient_secondary_phone,
      instructions: instructions.slice(0, 500) || undefined,
    };
    return { body, order };
  }

  return {
    /** POST issue-token: the key pair, then the owner's password or a refresh token Dak issued. */
    async issueToken(body: PathaoTokenRequest, ip: string) {
      const key = await apiKeys.authenticate(formatApiKeyToken(body.client_id, body.client_secret), ip);
      if (!key) throw new AppError('UNAUTHENTICATED', pathaoMessages.invalidClient);
      let userId: string;
      if (body.grant_type === 'password') {
        const phone = normalizePhone(body.username);
        if (!phone) throw new AppError('INVALID_CREDENTIALS', pathaoMessages.invalidUser);
        userId = (
          await deps.auth.verifyPassword({ phone, password: body.password, ip }).catch((error: unknown) => {
            if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS') {
              throw new AppError('INVALID_CREDENTIALS', pathaoMessages.invalidUser);
            }
            throw error;
          })
        ).userId;
      } else {
        const claims = tokens.verify(body.refresh_token, 'refresh', nowSeconds());
        if (!claims || claims.key !== body.client_id || claims.shop !== key.shopId) {
          throw new AppError('UNAUTHENTICATED', pathaoMessages.invalidRefresh);
        }
        userId = claims.sub;
      }
      if (!(await isOwner(key.shopId, userId))) throw new AppError('FORBIDDEN', pathaoMessages.notOwner);
      return issue({ shopId: key.shopId, userId, keyId: body.client_id });
    },

    /**
     * The caller of a request with `Authorization: Bearer <access_token>`: the token Dak signed and
     * not expired, its key live (not revoked, made by the owner), the user still the shop's owner,
     * and the key's scope when the route names one. Every request reads the key and membership.
     */
    async authorize(token: string | null, ip: string, scope?: ApiKeyScope): Promise<PathaoCaller> {
      const claims = token ? tokens.verify(token, 'access', nowSeconds()) : null;
      if (!claims) throw new AppError('UNAUTHENTICATED', pathaoMessages.unauthenticated);
      const key = await apiKeys.authenticateKeyId(claims.key, ip);
      if (!key || key.shopId !== claims.shop || !(await isOwner(claims.shop, claims.sub))) {
        throw new AppError('UNAUTHENTICATED', pathaoMessages.unauthenticated);
      }
      if (scope && !key.scopes.includes(scope)) throw new AppError('FORBIDDEN', missingScopeMessage(scope));
      return { shopId: claims.shop, userId: claims.sub, scopes: key.scopes };
    },

    async cities() {
      const { items } = await geo.listDistricts();
      return items
        .map((d) => ({ city_id: compatNumberOf(d.id), city_name: d.nameEn }))
        .sort((a, b) => a.city_name.localeCompare(b.city_name));
    },

    /** A city's zones: its covered areas (a name two areas share says which is the upazila). */
    async zones(cityId: number) {
      const district = await districtOfCity(cityId);
      if (!district) throw new AppError('NOT_FOUND', pathaoMessages.cityNotFound);
      const { rows } = await places();
      const inCity = rows.filter((r) => r.district_id === district && r.is_covered);
      const named = new Map<string, number>();
      for (const r of inCity) named.set(r.name_en, (named.get(r.name_en) ?? 0) + 1);
      return inCity.map((r) => ({
        zone_id: compatNumberOf(r.id),
        zone_name:
          (named.get(r.name_en) ?? 0) > 1 && !r.id.includes('-city--') && !r.id.includes('-suburbs--')
            ? `${r.name_en} Upazila`
            : r.name_en,
      }));
    },

    /** A zone's areas: the zone itself (Dak books to the area; a neighbourhood is its own zone). */
    async areas(zoneId: number) {
      const { area } = await places();
      const zone = area(zoneId);
      if (!zone) throw new AppError('NOT_FOUND', pathaoMessages.zoneNotFound);
      return [
        {
          area_id: compatNumberOf(zone.id),
          area_name: zone.name_en,
          home_delivery_available: zone.is_covered,
          pickup_available: zone.is_covered,
        },
      ];
    },

    async stores(shopId: string, page: number) {
      const offset = (page - 1) * pathaoPerPage;
      const { items, count } = await pickups.list({ shopId, limit: pathaoPerPage, offset });
      const areas = await geo.findAreas(items.map((p) => p.area.id));
      const all = page === 1 ? items : (await storesOf(shopId)).items;
      const defaultId = all.find((p) => p.status === 'active')?.id;
      return {
        rows: items.map((p) => {
          const hubId = areas.get(p.area.id)?.hubId;
          return {
            store_id: compatNumberOf(p.id),
            store_name: p.name,
            store_address: p.address,
            is_active: p.status === 'active' ? 1 : 0,
            city_id: compatNumberOf(p.area.districtId),
            zone_id: compatNumberOf(p.area.id),
            hub_id: hubId ? compatNumberOf(hubId) : null,
            is_default_store: p.id === defaultId,
            is_default_return_store: p.id === defaultId,
          };
        }),
        total: count,
      };
    },

    async createStore(caller: PathaoCaller, body: PathaoStoreCreate) {
      const errors: PathaoFieldErrors = {};
      const zone = await areaOfIds(
        { city: body.city_id, zone: body.zone_id, area: body.area_id },
        { city: 'city_id', zone: 'zone_id', area: 'area_id' },
        errors,
      );
      if (!zone) throw invalid(errors);
      const parsed = pickupLocationCreateSchema.safeParse({
        name: body.name,
        address: body.address,
        areaId: zone.id,
        phone: body.contact_number,
        alternatePhone: body.secondary_contact,
      });
      if (!parsed.success) {
        const mapped = errorsOfIssues(parsed.error.issues);
        if (mapped.recipient_secondary_phone) {
          mapped.secondary_contact = mapped.recipient_secondary_phone;
          delete mapped.recipient_secondary_phone;
        }
        throw invalid(mapped);
      }
      const created = await pickups.create({ ...parsed.data, shopId: caller.shopId, userId: caller.userId });
      return { store_id: compatNumberOf(created.id), store_name: created.name };
    },

    /** One order through the single booking (with Idempotency-Key when the client sends one). */
    async createOrder(caller: PathaoCaller, input: unknown, idempotencyKey?: string) {
      const booking = await bookingOf(input, await storesOf(caller.shopId));
      if ('errors' in booking) throw invalid(booking.errors);
      const parsed = parcelCreateSchema.safeParse(booking.body);
      if (!parsed.success) throw invalid(errorsOfIssues(parsed.error.issues));
      const { result: parcel } = await parcels.create({
        shopId: caller.shopId,
        userId: caller.userId,
        body: parsed.data,
        idempotencyKey,
      });
      return {
        consignment_id: parcel.trackingId,
        merchant_order_id: parcel.invoiceId,
        order_status: pathaoOrderStatusOf(parcel.status).orderStatus,
        delivery_fee: parcel.charge.deliveryCharge,
      };
    },

    /**
     * Many orders through the developer API's batch: every row booked or refused on its own, each
     * answer with its consignment ID or its field errors (Pathao answers only "accepted").
     */
    async createOrders(caller: PathaoCaller, orders: readonly unknown[], idempotencyKey?: string) {
      const stores = await storesOf(caller.shopId);
      const bookings = [];
      for (const order of orders) bookings.push(await bookingOf(order, stores));
      const good = bookings.flatMap((b) => ('body' in b ? [b.body] : []));
      const booked =
        good.length === 0
          ? []
          : (
              await deps.batch.book({
                shopId: caller.shopId,
                userId: caller.userId,
                body: { parcels: good },
                // Pathao's clients send no key: then every call is its own batch.
                idempotencyKey: idempotencyKey ?? `compat-pathao:${randomUUID()}`,
              })
            ).result.results;
      let next = 0;
      return bookings.map((b, index) => {
        const merchantOrderId = (orders[index] as { merchant_order_id?: unknown } | null)?.merchant_order_id;
        const ref =
          typeof merchantOrderId === 'string' || typeof merchantOrderId === 'number'
            ? String(merchantOrderId)
            : null;
        if ('errors' in b)
          return { consignment_id: null, merchant_order_id: ref, status: 'error' as const, errors: b.errors };
        const result = booked[next++];
        if (result?.ok && result.trackingId) {
          return { consignment_id: result.trackingId, merchant_order_id: ref, status: 'success' as const };
        }
        const errors: PathaoFieldErrors = {};
        for (const e of result?.errors ?? []) addError(errors, e.field, e.message);
        return { consignment_id: null, merchant_order_id: ref, status: 'error' as const, errors };
      });
    },

    /** A parcel of the caller's shop by its consignment ID (the tracking ID); another shop's: 404. */
    async orderInfo(shopId: string, consignmentId: string) {
      const trackingId = normalizeTrackingId(consignmentId);
      if (!trackingId) throw new AppError('NOT_FOUND', pathaoMessages.orderNotFound);
      const { items } = await parcels.list(shopId, parcelListQuerySchema.parse({ q: trackingId, limit: 1 }));
      const parcel = items.find((p) => p.trackingId === trackingId);
      if (!parcel) throw new AppError('NOT_FOUND', pathaoMessages.orderNotFound);
      const status = pathaoOrderStatusOf(parcel.status);
      return {
        consignment_id: parcel.trackingId,
        merchant_order_id: parcel.invoiceId,
        order_status: status.orderStatus,
        order_status_slug: status.slug,
        updated_at: dhakaTimestamp(parcel.updatedAt),
        invoice_id: null,
      };
    },

    /** The shop's own charge from the store's area to the zone, prepaid (COD is a percentage). */
    async pricePlan(shopId: string, body: PathaoPricePlan) {
      const errors: PathaoFieldErrors = {};
      const stores = await storesOf(shopId);
      const storeId = stores.idOf(body.store_id);
      const store = stores.items.find((p) => p.id === storeId);
      if (!store) addError(errors, 'store_id', pathaoMessages.storeNotFound);
      const zone = await areaOfIds(
        { city: body.recipient_city, zone: body.recipient_zone },
        { city: 'recipient_city', zone: 'recipient_zone', area: 'recipient_area' },
        errors,
      );
      if (!store || !zone) throw invalid(errors);
      const [quote, plan] = await Promise.all([
        pricing
          .quoteForShop(shopId, {
            pickupAreaId: store.area.id,
            deliveryAreaId: zone.id,
            weight: Math.round(body.item_weight * 1000),
            cash: 0,
            exchange: false,
          })
          .catch((error: unknown) => {
            const details = error instanceof AppError ? (error.details as { fields?: unknown }) : undefined;
            if (!(error instanceof AppError) || !details?.fields) throw error;
            const fields = (details.fields as { path: string; message: string }[]).map((f) => ({
              path: `body.${pathaoFieldOfDak[f.path.split('.').pop() ?? ''] ?? f.path}`,
              message: f.message,
            }));
            throw new AppError(error.code, error.message, { fields });
          }),
        pricing.shopPlanView(shopId),
      ]);
      return {
        price: quote.deliveryCharge,
        discount: 0,
        promo_discount: 0,
        plan_id: compatNumberOf(quote.pricePlanId),
        cod_enabled: 1,
        cod_percentage: plan.codFeePercent / 100,
        additional_charge: quote.breakdown.categorySurcharge,
        final_price: quote.totalCharge,
      };
    },
  };
}
