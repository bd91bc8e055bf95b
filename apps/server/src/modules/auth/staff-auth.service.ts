import { messages } from '@dak/domain/errors';
import { otpRules } from '@dak/domain/otp';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { AuthRepository } from './auth.repository';
import type { OtpService } from './otp.service';
import type { PasswordGuard } from './password-guard';
import { verifyPassword } from './passwords';
import type { SessionsService } from './sessions.service';
import type { StaffBootstrap } from './staff-bootstrap';

type Client = { ip: string; userAgent?: string };

/**
 * Staff sign in with two factors: phone and password, then a code sent to that phone. A code for
 * `staff_login` is only ever sent after the password was right, so holding one proves both.
 * While the one-time code `staff:create` printed is pending (staff-bootstrap.ts), the password
 * step sends no SMS (outside development) and the code step takes that code: the first admin
 * needs no SMS.
 */
export function createStaffAuthService(deps: {
  config: Pick<Config, 'staffSessionTtlHours' | 'rateLimits' | 'mode'>;
  repo: AuthRepository;
  otp: OtpService;
  sessions: SessionsService;
  rateLimiter: RateLimiter;
  passwordGuard: PasswordGuard;
  bootstrap: StaffBootstrap;
  clock: Clock;
}) {
  const { repo, otp, sessions, rateLimiter, config, passwordGuard, bootstrap, clock } = deps;
  return {
    /** Password limits as for merchants (password-guard.ts): none a stranger can renew for the owner. */
    async login(input: { phone: string; password: string } & Client) {
      const staff = await repo.findStaffByPhone(input.phone);
      const attempt = { scope: 'staff-login', phone: input.phone, ip: input.ip };
      const knownAddress = await passwordGuard.knownAddress(staff && { staffId: staff.id }, input.ip);
      await passwordGuard.before({ ...attempt, knownAddress });
      const ok = await verifyPassword(staff?.password_hash, input.password);
      if (!staff || !ok) {
        await passwordGuard.failed(attempt);
        throw new AppError('INVALID_CREDENTIALS', messages.invalidCredentials);
      }
      await passwordGuard.succeeded(attempt);
      if (!staff.active) throw new AppError('INVALID_CREDENTIALS', messages.invalidCredentials);
      const pending = await bootstrap.passwordChecked(staff.id, clock.now());
      // In development the outbox costs nothing and is how codes arrive: the SMS code comes too.
      if (pending && config.mode !== 'development') {
        return {
          otpSent: true as const,
          resendAfterSeconds: otpRules.resendAfterSeconds,
          expiresInSeconds: otpRules.ttlSeconds,
        };
      }
      const sent = await otp.request({ phone: staff.phone, purpose: 'staff_login', ip: input.ip });
      return { otpSent: true as const, ...sent };
    },

    /**
     * Riders sign in with their phone alone: a code to an active rider's phone, then the same
     * verify step as other staff. A rider's phone is their key; they have no password.
     */
    async riderLogin(input: { phone: string } & Client) {
      // Per phone, the code's own limits apply (otp.service.ts); none here a stranger could use up.
      await rateLimiter.consume(`staff-login:ip:${input.ip}`, config.rateLimits.loginPerIpPer15Min, 900);
      const staff = await repo.findStaffByPhone(input.phone);
      if (staff?.role !== 'rider' || !staff.active) {
        throw new AppError('INVALID_CREDENTIALS', 'No active rider has this phone number');
      }
      const sent = await otp.request({ phone: staff.phone, purpose: 'staff_login', ip: input.ip });
      return { otpSent: true as const, ...sent };
    },

    async verify(input: { phone: string; code: string } & Client) {
      const staff = await repo.findStaffByPhone(input.phone);
      if (!staff?.active) throw new AppError('OTP_INVALID', messages.otpInvalid);
      // The printed code if it is pending and right; otherwise an SMS code (none was sent while
      // a printed code was pending, outside development).
      if ((await bootstrap.use(staff, input.code, clock.now())) !== 'used') {
        await otp.verify({ phone: input.phone, purpose: 'staff_login', code: input.code, consume: true });
      }
      const token = await sessions.create({
        staffId: staff.id,
        ttlHours: config.staffSessionTtlHours,
        ip: input.ip,
        userAgent: input.userAgent,
      });
      return { token, staff: { id: staff.id, phone: staff.phone, name: staff.name, role: staff.role } };
    },
  };
}

export type StaffAuthService = ReturnType<typeof createStaffAuthService>;
