import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Jobs } from '../../jobs/jobs';
import { sendParcelSmsJob } from '../../jobs/send-parcel-sms.job';
import type { Clock } from '../../lib/clock';
import type { SmsService } from '../sms/sms.service';
import { createParcelSmsRepository } from './parcel-sms.repository';
import { createParcelSmsService } from './parcel-sms.service';

/** The parcel SMS (no routes): the service and the send-parcel-sms job that runs it. */
export function parcelSmsModule(deps: {
  db: Kysely<DB>;
  clock: Clock;
  jobs: Jobs;
  sms: SmsService;
  publicUrl?: string;
  /** How long one try of the job may run (SMS_JOB_EXPIRE_SECONDS). */
  expireInSeconds?: number;
}) {
  const service = createParcelSmsService({
    db: deps.db,
    clock: deps.clock,
    repo: createParcelSmsRepository(deps.db),
    sms: deps.sms,
    publicUrl: deps.publicUrl,
  });
  deps.jobs.register(sendParcelSmsJob({ parcelSms: service, expireInSeconds: deps.expireInSeconds }));
  return { service };
}
