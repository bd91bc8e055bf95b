import { describe, expect, it } from 'vitest';
import { staffRoles } from './auth';
import { actsIn, hubBoundRoles, hubScopeOf } from './staff-rooms';

describe('the hub scope of a staff member', () => {
  it('binds hub managers and riders to their hubs; everyone else acts in every hub', () => {
    const bound = staffRoles.filter((role) => !hubScopeOf(role, []).allHubs);
    expect(bound).toEqual([...hubBoundRoles]);
    expect(hubScopeOf('admin', ['hub-a'])).toEqual({ allHubs: true, hubIds: ['hub-a'] });
  });

  it('covers a parcel when either of its hubs is one of the scope’s', () => {
    const manager = hubScopeOf('hub_manager', ['hub-a', 'hub-b']);
    expect(actsIn(manager, 'hub-a')).toBe(true);
    expect(actsIn(manager, 'hub-c', 'hub-b')).toBe(true);
    expect(actsIn(manager, 'hub-c')).toBe(false);
    expect(actsIn(manager)).toBe(false);
    expect(actsIn(hubScopeOf('hub_manager', []), 'hub-a')).toBe(false);
    expect(actsIn(hubScopeOf('admin', []), 'hub-c')).toBe(true);
  });
});
