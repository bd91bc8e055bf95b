import type { shopRoles } from './auth';

/**
 * Named permissions, checked on the server for every shop-scoped request; the web only hides
 * what the server would refuse. Declared once; roles are sets of these names.
 */
export const permissions = [
  // Basic: every member of a shop has these.
  'shop.view',
  'dashboard.view',
  'pickup.view',
  'terms.view',
  // Work on the shop.
  'shop.edit',
  'pickup.manage',
  'terms.accept',
  'nid.view',
  'nid.submit',
  'parcel.view',
  'parcel.create',
  'parcel.edit',
  // Owner only: money, people and keys.
  'payment.view',
  'payment.manage',
  'team.view',
  'team.manage',
  'apikey.manage',
] as const;

export type Permission = (typeof permissions)[number];
export type ShopRole = (typeof shopRoles)[number];

/** What every employee can do, whatever the role (spec 6: "basic permissions by default"). */
export const basicPermissions: readonly Permission[] = [
  'shop.view',
  'dashboard.view',
  'pickup.view',
  'terms.view',
];

/** Modules a viewer may read, beyond the basic ones. */
const viewerReads: readonly Permission[] = ['parcel.view', 'nid.view'];

/** Payment information, payment methods, team and API keys: the owner's alone (spec 6, DESIGN 2). */
export const ownerOnly: readonly Permission[] = [
  'payment.view',
  'payment.manage',
  'team.view',
  'team.manage',
  'apikey.manage',
];

export const rolePermissions: Record<ShopRole, readonly Permission[]> = {
  owner: permissions,
  editor: permissions.filter((p) => !ownerOnly.includes(p)),
  viewer: [...basicPermissions, ...viewerReads],
};

export function can(role: ShopRole, permission: Permission): boolean {
  return rolePermissions[role].includes(permission);
}

/** Whether a permission only reads (a viewer may hold only such permissions). */
export function isReadPermission(permission: Permission): boolean {
  return permission.endsWith('.view');
}
