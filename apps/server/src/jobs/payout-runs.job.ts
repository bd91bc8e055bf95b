import type { PayoutsService } from '../modules/payouts/payouts.service';
import { scheduledJob } from './jobs';

/**
 * Runs today's payouts (today in Dhaka): the same service as finance's button, so a day the
 * button already ran is answered as it stands, and a run a crash cut short is finished.
 * Trigger: the schedule, PAYOUT_SCHEDULE (default 10:00 every day, Asia/Dhaka).
 */
export function payoutRunsJob(deps: { payouts: PayoutsService; cron: string }) {
  return {
    ...scheduledJob({
      name: 'payout-runs',
      trigger: 'schedule: daily, PAYOUT_SCHEDULE in Asia/Dhaka',
      cron: deps.cron,
      tz: 'Asia/Dhaka',
      run: () => deps.payouts.run({ staffId: null }),
    }),
    // A thousand shops' transactions take a while; a retry goes on where the first try stopped.
    expireInSeconds: 60 * 60,
  };
}
