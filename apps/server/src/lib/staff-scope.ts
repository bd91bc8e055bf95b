import type { StaffRole } from '@dak/domain/auth';
import { operationsMessages } from '@dak/domain/operations';
import { actsIn, type HubScope } from '@dak/domain/staff-rooms';
import { AppError } from '../errors';

/**
 * The staff member a request acts for and the hubs they may act in, resolved once by the staff
 * guard (plugins/auth.ts; read it with `staffOf(request)`). Services take it instead of asking
 * who works where.
 */
export type StaffScope = HubScope & { staffId: string; role: StaffRole };

/**
 * Refuses unless the scope covers one of `hubIds` (a hub, or a parcel's pickup and delivery hubs).
 * `refusal` is the error the caller's route has always answered with; by default 403 "This parcel
 * is not in your hub".
 */
export function assertHub(
  scope: HubScope,
  hubIds: string | readonly string[],
  refusal: () => AppError = () => new AppError('FORBIDDEN', operationsMessages.notYourHub),
): void {
  if (!actsIn(scope, ...(typeof hubIds === 'string' ? [hubIds] : hubIds))) throw refusal();
}

/** The hubs a list is limited to, or null for every hub. */
export function hubFilter(scope: HubScope): readonly string[] | null {
  return scope.allHubs ? null : scope.hubIds;
}
