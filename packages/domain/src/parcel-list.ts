import { z } from 'zod';
import { keyed } from './messages';
import { parcelListQuerySchema, parcelSorts } from './parcel';
import { type ParcelStatus, type ParcelStatusGroup, parcelStatusGroupNames } from './parcel-status';

/**
 * The parcel list's extras (spec 3 "Parcel list state", spec 4 "Export parcel history", spec 9
 * "parcels_{date}.xlsx"): exports of the filtered list to a spreadsheet, and each user's list
 * preferences per shop.
 */

// Exports -----------------------------------------------------------------------------------------

/** An export takes the list's filters and sort, never a page: it holds every matching parcel. */
export const parcelExportFiltersSchema = parcelListQuerySchema.omit({ limit: true, offset: true });
export type ParcelExportFilters = z.infer<typeof parcelExportFiltersSchema>;
export type ParcelExportFiltersInput = z.input<typeof parcelExportFiltersSchema>;

export const parcelExportStatuses = ['queued', 'running', 'ready', 'failed'] as const;
export type ParcelExportStatus = (typeof parcelExportStatuses)[number];

export const parcelExportSchema = z.object({
  id: z.string(),
  status: z.enum(parcelExportStatuses),
  /** Parcels written so far. */
  rowsDone: z.number().int(),
  /** Parcels that match, once counted (null while queued). */
  rowCount: z.number().int().nullable(),
  /** Whole per cent, 0 to 100. */
  progress: z.number().int().min(0).max(100),
  fileName: z.string(),
  filters: parcelExportFiltersSchema,
  /** Why it failed, in words a merchant can act on. */
  error: z.string().nullable(),
  createdAt: z.date(),
  finishedAt: z.date().nullable(),
  /** After this the file is deleted and the export is gone. */
  expiresAt: z.date(),
});
export type ParcelExport = z.infer<typeof parcelExportSchema>;

export const parcelExportCreatedSchema = z.object({ id: z.string(), status: z.enum(parcelExportStatuses) });

/** The spreadsheet's file name (spec 9): parcels_{date}.xlsx, with the Dhaka date of the request. */
export function parcelExportFileName(at: Date): string {
  const dhaka = new Date(at.getTime() + 6 * 60 * 60 * 1000);
  return `parcels_${dhaka.toISOString().slice(0, 10)}.xlsx`;
}

/** Whole per cent done; a finished export is 100 even when it held no parcels. */
export function parcelExportProgress(input: {
  status: ParcelExportStatus;
  rowsDone: number;
  rowCount: number | null;
}): number {
  if (input.status === 'ready') return 100;
  if (!input.rowCount) return 0;
  return Math.min(99, Math.floor((input.rowsDone / input.rowCount) * 100));
}

/** Exports a shop may have waiting or being built at once; more are refused until one finishes. */
export const maxUnfinishedParcelExports = 3;

export const parcelExportMessages = keyed('parcelExport', {
  tooMany: 'Three exports are already being prepared for this shop. Wait for one to finish.',
  notFound: 'Export not found. Exports are kept for a day; export the list again.',
  notReady: 'The file is not ready yet. Wait until the export shows Download.',
  failed: 'The export could not be built. Try again; if it fails again, contact support.',
} as const);

// Counting ---------------------------------------------------------------------------------------

/**
 * The parcel list counts matching parcels up to this many (issue 16): a busy shop's count read
 * every row that matched; past the cap the list says "10,000+" and its pages go on one by one.
 * Exports count exactly (their progress needs the whole).
 */
export const parcelListCountCap = 10_000;

/** A count read at most `cap + 1` rows deep: the figure to show and whether it stopped at the cap. */
export function cappedCount(counted: number, cap: number = parcelListCountCap) {
  return { count: Math.min(counted, cap), countCapped: counted > cap };
}

// Preferences ------------------------------------------------------------------------------------

/** Columns a merchant may hide on the computer table; the tracking ID is always shown. */
export const parcelListColumns = [
  'customer',
  'deliveryArea',
  'status',
  'cashCollection',
  'totalCharge',
  'pickupLocation',
  'invoiceId',
] as const;
export type ParcelListColumn = (typeof parcelListColumns)[number];

/** Spec 9: the parcel list shows 20 a page by default; the list route takes at most 100. */
export const parcelListPageSizes = [10, 20, 50, 100] as const;

/** What to preselect when the merchant opens a failed parcel's reattempt-or-return choice. */
export const returnDecisions = ['ask', 'reattempt', 'return'] as const;
export type ReturnDecisionDefault = (typeof returnDecisions)[number];

/** Held for prepayment (`pickup_hold`): in the normal list, or only under their own tab. */
export const prepaymentPreferences = ['show', 'separate'] as const;
export type PrepaymentPreference = (typeof prepaymentPreferences)[number];

export const defaultParcelListPreferences = {
  columns: ['customer', 'deliveryArea', 'status', 'cashCollection', 'totalCharge'] as ParcelListColumn[],
  pageSize: 20,
  sort: 'createdAt:desc',
  defaultStatusGroup: null,
  reattemptList: true,
  reattemptConfig: { defaultDecision: 'ask' },
  prepaymentPreference: 'show',
  prepaymentBlockInEdit: true,
  prepaymentHold: false,
} satisfies ParcelListPreferences;

export const parcelListPreferencesSchema = z.object({
  columns: z
    .array(z.enum(parcelListColumns, { error: 'Unknown column' }), { error: 'Choose the columns to show' })
    .min(1, 'Show at least one column besides the tracking ID')
    .max(parcelListColumns.length)
    .refine((columns) => new Set(columns).size === columns.length, 'Each column can be chosen once'),
  pageSize: z.union(
    parcelListPageSizes.map((size) => z.literal(size)),
    { error: `Parcels per page must be one of ${parcelListPageSizes.join(', ')}` },
  ),
  sort: z.enum(parcelSorts, { error: 'Sort must be newest first or oldest first' }),
  /** The tab the list opens on; null opens All. */
  defaultStatusGroup: z
    .enum(parcelStatusGroupNames as [ParcelStatusGroup, ...ParcelStatusGroup[]], {
      error: 'The opening tab must be one of the parcel list tabs',
    })
    .nullable(),
  /** Spec 3 "reattempt list": a Failed delivery tab for parcels in `delivery_attempted`, with its count. */
  reattemptList: z.boolean({ error: 'Failed delivery tab must be on or off' }),
  /** Spec 3 "reattempt config": the returns screen preselects this decision (`preselectedReturnDecision`). */
  reattemptConfig: z.object(
    {
      defaultDecision: z.enum(returnDecisions, {
        error: 'Preselected decision must be ask, reattempt or return',
      }),
    },
    { error: 'Reattempt setting must say which decision to preselect' },
  ),
  /** Spec 3 "prepayment preference": 'separate' keeps held parcels out of every tab but Needs prepayment. */
  prepaymentPreference: z.enum(prepaymentPreferences, {
    error: 'Prepayment parcels must be shown in the list or kept separate',
  }),
  /**
   * Spec 3 "prepayment-block-in-edit": the edit form says up front that a held parcel's cash cannot
   * change (and disables it). The server refuses that edit either way (`editability`).
   */
  prepaymentBlockInEdit: z.boolean({ error: 'Prepayment block in edit must be on or off' }),
  /**
   * Issue 13, item 6: the shop prepays its dues. While it owes Dak more than the configured limit,
   * its new bookings start on `pickup_hold`. The owner's choice is the shop's; off by default
   * (paying to clear the hold is the next issue). Optional in a request, for older clients.
   */
  prepaymentHold: z.boolean({ error: 'Prepayment hold must be on or off' }).default(false),
});
export type ParcelListPreferences = z.infer<typeof parcelListPreferencesSchema>;

/** Reads stored preferences: a value that no longer fits (a column removed) falls back to its default. */
export function readParcelListPreferences(stored: unknown): ParcelListPreferences {
  const record = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const out: ParcelListPreferences = { ...defaultParcelListPreferences };
  const shape = parcelListPreferencesSchema.shape;
  for (const key of Object.keys(shape) as (keyof ParcelListPreferences)[]) {
    const parsed = shape[key].safeParse(record[key]);
    if (parsed.success) (out as Record<string, unknown>)[key] = parsed.data;
  }
  return out;
}

/** The decision the returns screen preselects for a failed parcel; null asks (nothing preselected). */
export function preselectedReturnDecision(
  preferences: Pick<ParcelListPreferences, 'reattemptConfig'>,
): 'reattempt' | 'return' | null {
  const decision = preferences.reattemptConfig.defaultDecision;
  return decision === 'ask' ? null : decision;
}

/** The tabs the list shows besides All and the status groups, each one status. */
export const parcelListExtraTabs = {
  /** Failed delivery: waiting for the merchant to ask for a reattempt or confirm the return. */
  failed_delivery: 'delivery_attempted',
  /** Needs prepayment: held before pickup until the shop's balance is settled. */
  needs_prepayment: 'pickup_hold',
} as const satisfies Record<string, ParcelStatus>;
export type ParcelListExtraTab = keyof typeof parcelListExtraTabs;

/** Which extra tabs the preferences turn on, in the order they show. */
export function extraTabsOf(
  preferences: Pick<ParcelListPreferences, 'reattemptList' | 'prepaymentPreference'>,
): ParcelListExtraTab[] {
  const tabs: ParcelListExtraTab[] = [];
  if (preferences.reattemptList) tabs.push('failed_delivery');
  if (preferences.prepaymentPreference === 'separate') tabs.push('needs_prepayment');
  return tabs;
}

/**
 * The status every list view but Needs prepayment leaves out, for the list query's `excludeStatus`:
 * held parcels when they are kept separate. A search still finds them (the merchant asked for one).
 */
export function excludedStatusOf(
  preferences: Pick<ParcelListPreferences, 'prepaymentPreference'>,
  view: { tab: ParcelListExtraTab | null; searching: boolean },
): ParcelStatus | undefined {
  if (preferences.prepaymentPreference !== 'separate') return undefined;
  if (view.tab === 'needs_prepayment' || view.searching) return undefined;
  return 'pickup_hold';
}

export const parcelListPreferencesResponseSchema = parcelListPreferencesSchema.extend({
  /** False until the user saves; then the list opens with these. */
  saved: z.boolean(),
});
