import type { StaffRole } from '@dak/domain/auth';
import { hubListSchema as allHubsSchema } from '@dak/domain/geo';
import { hubListSchema as ownHubsSchema } from '@dak/domain/operations';
import { hubScopeOf } from '@dak/domain/staff-rooms';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type CashHub = { id: string; name: { en: string; bn: string } };

/**
 * The hubs a staff member may pick at the cash desk: a hub manager's own hubs (GET /ops/hubs,
 * which the server scopes), every hub for those who act in all of them (GET /hubs: finance may
 * not use the hubs room, and needs every hub's cash).
 */
export function useCashHubs(role: StaffRole | undefined) {
  const allHubs = role ? hubScopeOf(role, []).allHubs : false;
  return useQuery({
    queryKey: ['ops', 'cash', 'hubs', allHubs] as const,
    queryFn: async ({ signal }): Promise<CashHub[]> => {
      if (allHubs) {
        const hubs = await apiRequest('/hubs', { schema: allHubsSchema, signal });
        return hubs.items
          .filter((h) => h.active)
          .map((h) => ({ id: h.id, name: { en: h.nameEn, bn: h.nameBn } }));
      }
      const hubs = await apiRequest('/ops/hubs?limit=200&offset=0', { schema: ownHubsSchema, signal });
      return hubs.items.map((h) => ({ id: h.id, name: h.name }));
    },
    enabled: role !== undefined,
    staleTime: 600_000,
  });
}
