import type pg from 'pg';
import type { Config } from '../../config';
import type { LimitedDeps, ModuleDeps } from '../../lib/module';
import { createPgListener } from '../../lib/pg-listener';
import { type ApiKeyAuthenticator, createGuards } from '../../plugins/auth';
import type { SmsService } from '../sms/sms.service';
import { createAccountsService } from './accounts.service';
import { createAuthRepository } from './auth.repository';
import { authRoutes } from './auth.routes';
import { createAuthService } from './auth.service';
import { createOtpService } from './otp.service';
import { createPasswordGuard } from './password-guard';
import { createSessionCache, sessionChangedChannel } from './session-cache';
import { createSessionsService } from './sessions.service';
import { staffAuthRoutes } from './staff-auth.routes';
import { createStaffAuthService } from './staff-auth.service';
import { createStaffBootstrap } from './staff-bootstrap';

/**
 * Accounts, sessions and codes: merchant and staff sign-in, the one-time codes other modules
 * ask for, the accounts other modules and the guards read, and the guards themselves.
 * `listener` (null with the session cache off): app.ts starts and stops it; it drops this
 * process's kept sessions and roles when they change anywhere (issue 16).
 */
export function authModule(
  deps: Omit<ModuleDeps, 'guards'> &
    Omit<LimitedDeps, 'limits'> & {
      config: Config;
      sms: SmsService;
      apiKeys?: ApiKeyAuthenticator;
      connection?: pg.ClientConfig;
      log?: { warn(obj: object, message: string): void };
    },
) {
  const { db, clock, config, rateLimiter } = deps;
  const limits = config.rateLimits;
  const repo = createAuthRepository(db);
  const { connection, log } = deps;
  const cacheMs = connection && log ? config.sessionCacheMs : 0;
  let listening = () => false;
  const cache = createSessionCache<'owner' | 'editor' | 'viewer'>({
    ttlMs: cacheMs,
    now: () => clock.now().getTime(),
    listening: () => listening(),
  });
  const listener =
    cache.enabled && connection && log
      ? createPgListener({
          connection,
          channels: [sessionChangedChannel],
          name: 'dak-session-listen',
          heard: (_channel, payload) => cache.heard(payload),
          connected: () => cache.forgetAll(),
          log,
        })
      : null;
  if (listener) listening = () => listener.listening;
  const sessions = createSessionsService({ db, clock, cache });
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
    sessionCache: cache,
    listener,
    guards,
    routes: async (api: Parameters<ReturnType<typeof authRoutes>>[0]) => {
      await api.register(authRoutes({ auth: service, guards }));
      await api.register(staffAuthRoutes({ staffAuth, guards, repo, sessions, cookie }));
    },
  };
}
