import type { StaffRole } from './auth';

/** The operations console's rooms, in the order the side navigation lists them. */
export const opsRooms = [
  'shops',
  'nid',
  'banks',
  'terms',
  'flags',
  'sms',
  'content',
  'banners',
  'leads',
  'hubs',
  'riders',
  'pickups',
  'hub-scan',
  'runs',
  'returns',
  'parcel-status',
  'cash',
  'payouts',
] as const;
export type OpsRoom = (typeof opsRooms)[number];

/**
 * Who may use each room's calls: the server's guards read this table and the console shows only
 * the rooms whose calls would be allowed. `termsRead` is reading terms versions (support answers
 * merchants' questions about them); publishing is the `terms` room, the admin's.
 *
 * Operations (issue 5): hub managers see the hubs and riders rooms but only their own hubs' rows
 * (the server scopes them); `hubEdit` (a hub's address and phone) and `staffHubs` (who works
 * where) are the admin's; `parcel-status` is moving parcels, bulk or one by one (its screen and
 * every status call), admin and hub staff (hub staff only for parcels of their hubs).
 */
export const roomRoles = {
  shops: ['admin', 'support', 'finance'],
  nid: ['admin', 'support'],
  banks: ['admin', 'finance'],
  terms: ['admin'],
  termsRead: ['admin', 'support'],
  flags: ['admin'],
  sms: ['admin', 'support'],
  // The public site's booths, truck types, FAQ and blog (issue 6), and the enterprise leads.
  content: ['admin', 'marketing'],
  // Campaign banners and what's new in the merchant panel (issue 14): the site content's editors.
  banners: ['admin', 'marketing'],
  leads: ['admin', 'sales'],
  hubs: ['admin', 'hub_manager'],
  hubEdit: ['admin'],
  staffHubs: ['admin'],
  riders: ['admin', 'hub_manager'],
  // Pickup assignment and the hub's scanning, bags and trips (issue 5, parts 3 and 4): hub staff
  // in their own hubs (the server scopes every call by hub).
  pickups: ['admin', 'hub_manager'],
  'hub-scan': ['admin', 'hub_manager'],
  // Delivery runs: a hub manager for riders of their hubs; admins for any.
  runs: ['admin', 'hub_manager'],
  // Return approvals (the merchants' reattempt requests): a rejection returns the parcel, so
  // only those who may move parcels decide (hub managers for their hubs).
  returns: ['admin', 'hub_manager'],
  // Moving parcels by hand (the bulk status screen, the return leg): the status machine's hub staff.
  'parcel-status': ['admin', 'hub_manager'],
  // Every parcel's audit log; riders and the site's content and sales staff have no use for it.
  parcelAudit: ['admin', 'hub_manager', 'support', 'finance'],
  // A delivered parcel's photo proof: the same people as the audit log (disputes over a delivery);
  // hub managers only for parcels of their hubs.
  parcelProof: ['admin', 'hub_manager', 'support', 'finance'],
  // Money (issue 13). The hub's cash desk: riders hand their cash over to hub staff (their hubs
  // only), finance sees every hub's cash; the hub's bank deposits are finance's to record.
  cash: ['admin', 'hub_manager', 'finance'],
  deposits: ['admin', 'finance'],
  // Payout runs, invoices, the bank's result file, shop statements and the trial balance.
  payouts: ['admin', 'finance'],
} as const satisfies Record<
  OpsRoom | 'termsRead' | 'hubEdit' | 'staffHubs' | 'parcelAudit' | 'parcelProof' | 'deposits',
  readonly StaffRole[]
>;

export function canUseRoom(role: StaffRole, room: OpsRoom): boolean {
  return (roomRoles[room] as readonly StaffRole[]).includes(role);
}

export function roomsFor(role: StaffRole): OpsRoom[] {
  return opsRooms.filter((room) => canUseRoom(role, room));
}

/**
 * Staff who act only in the hubs they work in (`staff_hubs`): hub managers and riders. Everyone
 * else acts in every hub their rooms let them into (admins anywhere; support and finance read
 * any parcel's proof when answering a dispute).
 */
export const hubBoundRoles = ['hub_manager', 'rider'] as const satisfies readonly StaffRole[];

/** Where a staff member may act: every hub, or the hubs they work in. */
export type HubScope = { allHubs: boolean; hubIds: readonly string[] };

export function hubScopeOf(role: StaffRole, hubIds: readonly string[]): HubScope {
  return { allHubs: !(hubBoundRoles as readonly StaffRole[]).includes(role), hubIds };
}

/** True when the scope covers at least one of the hubs (a parcel's pickup or delivery hub). */
export function actsIn(scope: HubScope, ...hubIds: string[]): boolean {
  return scope.allHubs || hubIds.some((id) => scope.hubIds.includes(id));
}
