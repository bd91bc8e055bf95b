import type { Config } from '../../config';
import type { LimitedDeps, ModuleDeps } from '../../lib/module';
import { type ApiKeyAuthenticator, createGuards } from '../../plugins/auth';
import type { SmsService } from '../sms/sms.service';
import { createAccountsService } from './accounts.service';
import { createAuthRepository } from './auth.repository';
import { authRoutes } from './auth.routes';
import { createAuthService } from './auth.service';
import { createOtpService } from './otp.service';
import { createPasswordGuard } from './password-guard';
import { createSessionsService } from './sessions.service';
import { staffAuthRoutes } from './staff-auth.routes';
import { createStaffAuthService } from './staff-auth.service';
import { createStaffBootstrap } from './staff-bootstrap';

/**
 * Accounts, sessions and codes: merchant and staff sign-in, the one-time codes other modules
 * ask for, the accounts other modules and the guards read, and the guards themselves.
 */
export function authModule(
  deps: Omit<ModuleDeps, 'guards'> &
    Omit<LimitedDeps, 'limits'> & { config: Config; sms: SmsService; apiKeys?: ApiKeyAuthenticator },
) {
  const { db, clock, config, rateLimiter } = deps;
  const limits = config.rateLimits;
  const repo = createAuthRepository(db);
  const sessions = createSessionsService({ db, clock });
  const otp = createOtpService({ db, clock, sms: deps.sms, rateLimiter, limits });
  const passwordGuard = createPasswordGuard({ db, clock, rateLimiter, limits });
  const accounts = createAccountsService({ repo });
  const guards = createGuards({ sessions, accounts, apiKeys: deps.apiKeys });
  const service = createAuthService({ db, clock, config, repo, otp, sessions, rateLimiter, passwordGuard });
  const staffAuth = createStaffAuthService({
    config,
    repo,
    otp,
    sessions,
    rateLimiter,
    passwordGuard,
    bootstrap: createStaffBootstrap({ db }),
    clock,
  });
  const cookie = { secure: config.mode === 'production', maxAgeSeconds: config.staffSessionTtlHours * 3600 };
  return {
    service,
    otp,
    accounts,
    sessions,
    guards,
    routes: async (api: Parameters<ReturnType<typeof authRoutes>>[0]) => {
      await api.register(authRoutes({ auth: service, guards }));
      await api.register(staffAuthRoutes({ staffAuth, guards, repo, sessions, cookie }));
    },
  };
}
