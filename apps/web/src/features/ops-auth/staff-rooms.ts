import { type OpsRoom, opsRooms } from '@dak/domain/staff-rooms';

export { canUseRoom, type OpsRoom, opsRooms, roomsFor } from '@dak/domain/staff-rooms';

/** The room a console path belongs to (/ops/shops/123 → shops), or null for the overview. */
export function roomOfPath(pathname: string): OpsRoom | null {
  const segment = /^\/ops\/([^/]+)/.exec(pathname)?.[1];
  return opsRooms.find((room) => room === segment) ?? null;
}
