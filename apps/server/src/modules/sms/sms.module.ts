import type { Config } from '../../config';
import type { ModuleDeps } from '../../lib/module';
import { createSmsProvider } from './sms.providers';
import { createSmsService } from './sms.service';
import type { SmsMessage } from './sms.types';

/** Text messages through the configured gateway, each recorded in the outbox. */
export function smsModule(
  deps: Pick<ModuleDeps, 'db'> & {
    config: Config;
    /** Told of each message recorded in the development outbox (its code is readable there). */
    onRecorded: (message: SmsMessage) => void;
    onSent?: (message: SmsMessage) => void;
  },
) {
  // OTP codes are shown (outbox page, log) in development only: never to staff elsewhere.
  const revealCodes = deps.config.mode === 'development';
  const service = createSmsService({
    db: deps.db,
    provider: createSmsProvider(deps.config.sms),
    revealCodes,
    onRecorded: revealCodes ? deps.onRecorded : undefined,
    onSent: deps.onSent,
  });
  return { service };
}
