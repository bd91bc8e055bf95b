import type { Jobs } from '../../jobs/jobs';
import { type Clock, isMovable } from '../../lib/clock';
import type { SmsService } from '../sms/sms.service';
import { devRoutes } from './dev.routes';

/** Development helpers (the outbox, the movable clock, running jobs): never in production. */
export function devModule(deps: { sms: SmsService; jobs: Jobs; clock: Clock }) {
  return {
    routes: devRoutes({
      sms: deps.sms,
      jobs: deps.jobs,
      clock: isMovable(deps.clock) ? deps.clock : undefined,
    }),
  };
}
