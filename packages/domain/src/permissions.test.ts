import { describe, expect, it } from 'vitest';
import {
  basicPermissions,
  can,
  isReadPermission,
  ownerOnly,
  permissions,
  rolePermissions,
} from './permissions';

describe('shop roles', () => {
  it('gives the owner everything', () => {
    expect(rolePermissions.owner).toEqual(permissions);
  });
  it('gives an editor everything but payment, team and API keys', () => {
    for (const p of ownerOnly) expect(can('editor', p), p).toBe(false);
    expect(can('editor', 'pickup.manage')).toBe(true);
    expect(can('editor', 'shop.edit')).toBe(true);
  });
  it('lets a viewer only read', () => {
    expect(rolePermissions.viewer.every(isReadPermission)).toBe(true);
    expect(can('viewer', 'pickup.manage')).toBe(false);
  });
  it('gives every role the basic permissions', () => {
    for (const role of ['owner', 'editor', 'viewer'] as const) {
      for (const p of basicPermissions) expect(can(role, p), `${role} ${p}`).toBe(true);
    }
  });
});
