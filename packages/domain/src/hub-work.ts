import { z } from 'zod';
import { bilingualSchema, codeSchema, codesOf } from './bilingual';
import { keyed, sayNow } from './messages';
import { requiredText } from './names';
import { parcelStatusSchema } from './parcel-status';
import { pickupMissedReasons } from './pickup-missed-reasons';

/**
 * Pickup and hub work (issue 5, parts 3 and 4): pickups of a location's parcels on a pickup day,
 * the rider's ticks, the hub's scan-in, bags by destination hub and line-haul trips.
 *
 * The model: a rider's tick says the parcel was handed over (collected) or not (with a reason);
 * the parcel stays `pickup_pending` until a hub scans it in, which moves it to `at_sorting` there.
 * A merchant handing parcels in at the hub is the same scan without a pickup.
 */

export const hubIdSchema = z
  .string({ error: 'Choose a hub' })
  .regex(/^hub-[a-z0-9-]{2,60}$/, 'Hub not found');
const scannedCode = requiredText('Scan or type a code').max(60, 'This is not a Dak code');
const uuidParam = (what: string) => z.uuid({ error: `${what} not found` });
const isoDate = z.iso.date({ error: 'Date must look like 2026-11-22' });

export { pickupMissedReasons };
export type PickupMissedReason = keyof typeof pickupMissedReasons;
export const pickupMissedReasonCodes = codesOf(pickupMissedReasons);
export const pickupMissedReasonSchema = codeSchema(pickupMissedReasons);

/** The event reasons a pickup tick writes (no status change); tracking words them. */
export const pickupEventReasons = { collected: 'pickup_collected', missed: 'pickup_missed' } as const;

export const hubWorkMessages = keyed('hubWork', {
  notYourHub: 'You do not work in this hub',
  unknownCode: (code: string) =>
    sayNow('hubWork.unknownCode', 'No Dak parcel has the code {code}; nothing was changed', { code }),
  foreignParcel: (id: string) =>
    sayNow('hubWork.foreignParcel', 'Parcel {id} is not for this hub; nothing was changed', { id }),
  pickupHold: (id: string) =>
    sayNow(
      'hubWork.pickupHold',
      'Parcel {id} is on pickup hold until its prepayment is paid; it cannot be picked up yet',
      { id },
    ),
  pickupNotFound: 'Pickup not found',
  parcelNotInPickup: (id: string) =>
    sayNow('hubWork.parcelNotInPickup', 'Parcel {id} is not in this pickup', { id }),
  reasonRequired: 'Say why the parcel was not handed over',
  riderNotInHub: 'This rider does not work in this hub',
  nothingToPickUp: 'This location has no parcels to pick up on that day',
  bagNotFound: 'Bag not found',
  bagInTrip: 'This bag is already on a trip; open a new bag',
  bagWrongDestination: (id: string, hub: string) =>
    sayNow('hubWork.bagWrongDestination', "Parcel {id} goes to {hub}, not to this bag's hub", { id, hub }),
  notSorted: (id: string) =>
    sayNow('hubWork.notSorted', 'Parcel {id} has not been scanned in at this hub yet', { id }),
  alreadyBagged: (id: string, bag: string) =>
    sayNow('hubWork.alreadyBagged', 'Parcel {id} is already in bag {bag}', { id, bag }),
  sameHub: 'The destination must be another hub',
  tripNotFound: 'Trip not found',
  tripNoBags: 'Choose at least one bag for the trip',
  tripBagsInvalid: 'Every bag must be open, from this hub and for the trip’s destination',
  tripNotLoading: 'This trip has already left',
  tripNotDispatched: 'This trip is not on its way',
  tripEmpty: 'This trip has no parcels to dispatch',
  nothingToDo: (id: string, status: string) =>
    sayNow('hubWork.nothingToDo', 'Parcel {id} is {status}; scanning it in here changes nothing', {
      id,
      status,
    }),
  alreadyHere: (id: string) =>
    sayNow('hubWork.alreadyHere', 'Parcel {id} was already scanned in here', { id }),
});

// Pickups --------------------------------------------------------------------------------------

export const pickupQuerySchema = z.object({
  hubId: hubIdSchema,
  date: isoDate.optional(),
});

export const pickupLocationSummarySchema = z.object({
  pickupLocationId: z.string(),
  pickupId: z.string().nullable(),
  date: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  shop: z.object({ id: z.string(), name: z.string() }),
  area: z.object({ id: z.string(), name: bilingualSchema }),
  counts: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    onHold: z.number().int(),
    collected: z.number().int(),
    missed: z.number().int(),
  }),
  rider: z.object({ id: z.string(), name: z.string(), phone: z.string() }).nullable(),
});
export const pickupListSchema = z.object({
  hubId: z.string(),
  date: z.string(),
  items: z.array(pickupLocationSummarySchema),
  totals: z.object({ locations: z.number().int(), parcels: z.number().int() }),
});
export type PickupList = z.infer<typeof pickupListSchema>;

export const pickupAssignSchema = z.object({
  hubId: hubIdSchema,
  pickupLocationId: uuidParam('Pickup location'),
  date: isoDate.optional(),
  riderId: uuidParam('Rider'),
});

export const pickupParcelSchema = z.object({
  trackingId: z.string(),
  status: parcelStatusSchema,
  customerName: z.string(),
  deliveryArea: bilingualSchema,
  cashCollection: z.number(),
  pickedUp: z.boolean().nullable(),
  reason: z.string().nullable(),
});
export const riderPickupSchema = z.object({
  id: z.string(),
  date: z.string(),
  location: z.object({
    name: z.string(),
    address: z.string(),
    phone: z.string().nullable(),
    area: bilingualSchema,
  }),
  shop: z.object({ id: z.string(), name: z.string() }),
  parcels: z.array(pickupParcelSchema),
});
export type RiderPickup = z.infer<typeof riderPickupSchema>;
export const riderPickupListSchema = z.object({ date: z.string(), items: z.array(riderPickupSchema) });

export const pickupTickSchema = z
  .object({
    trackingId: z.string({ error: 'Tracking ID is required' }).trim().min(1).max(40),
    pickedUp: z.boolean({ error: 'Say whether the parcel was picked up' }),
    reason: pickupMissedReasonSchema.optional(),
  })
  .refine((v) => v.pickedUp || v.reason, { message: hubWorkMessages.reasonRequired, path: ['reason'] });
export const pickupTickResultSchema = pickupParcelSchema;

// Scan-in --------------------------------------------------------------------------------------

export const scanRequestSchema = z.object({ hubId: hubIdSchema, code: scannedCode });
export const scanResultSchema = z.object({
  trackingId: z.string(),
  /** True when the scan moved the parcel; false when it was already where the scan puts it. */
  changed: z.boolean(),
  from: parcelStatusSchema,
  status: parcelStatusSchema,
  /** The hub the parcel goes to next (its delivery hub), to sort it into the right bag. */
  destinationHub: z.object({ id: z.string(), name: bilingualSchema }),
  message: z.string(),
});
export type ScanResult = z.infer<typeof scanResultSchema>;

// Bags and trips ---------------------------------------------------------------------------------

export const bagCreateSchema = z.object({ hubId: hubIdSchema, destinationHubId: hubIdSchema });
export const bagQuerySchema = z.object({ hubId: hubIdSchema });
export const bagSchema = z.object({
  id: z.string(),
  code: z.string(),
  origin: z.object({ id: z.string(), name: bilingualSchema }),
  destination: z.object({ id: z.string(), name: bilingualSchema }),
  tripId: z.string().nullable(),
  parcels: z.array(z.object({ trackingId: z.string(), status: parcelStatusSchema })),
  createdAt: z.date(),
});
export type Bag = z.infer<typeof bagSchema>;
export const bagListSchema = z.object({ items: z.array(bagSchema) });
export const bagParcelSchema = z.object({ code: scannedCode });
export const idParamsSchema = (what: string) => z.object({ id: uuidParam(what) });

export const tripCreateSchema = z.object({
  hubId: hubIdSchema,
  destinationHubId: hubIdSchema,
  bagIds: z
    .array(uuidParam('Bag'), { error: hubWorkMessages.tripNoBags })
    .min(1, hubWorkMessages.tripNoBags)
    .max(200),
  vehicle: z.string().trim().max(100).optional(),
});
export const tripStatusSchema = z.enum(['loading', 'dispatched', 'received']);
export const tripSchema = z.object({
  id: z.string(),
  code: z.string(),
  origin: z.object({ id: z.string(), name: bilingualSchema }),
  destination: z.object({ id: z.string(), name: bilingualSchema }),
  vehicle: z.string().nullable(),
  status: tripStatusSchema,
  createdAt: z.date(),
  dispatchedAt: z.date().nullable(),
  receivedAt: z.date().nullable(),
  bags: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      parcels: z.array(z.object({ trackingId: z.string(), status: parcelStatusSchema })),
    }),
  ),
  parcelCount: z.number().int(),
  received: z.array(z.string()),
  missing: z.array(z.string()),
  extra: z.array(z.string()),
});
export type Trip = z.infer<typeof tripSchema>;
export const tripQuerySchema = z.object({ hubId: hubIdSchema });
export const tripListSchema = z.object({ outgoing: z.array(tripSchema), incoming: z.array(tripSchema) });
export const tripScanSchema = z.object({ code: scannedCode });
export const tripScanResultSchema = z.object({
  code: z.string(),
  trackingId: z.string().nullable(),
  inManifest: z.boolean(),
  changed: z.boolean(),
  message: z.string(),
});
