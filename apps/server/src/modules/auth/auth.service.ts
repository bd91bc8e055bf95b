import type { AccountType } from '@dak/domain/auth';
import { missingTemporaryTokenFields, temporaryTokenSchema } from '@dak/domain/auth';
import { alreadyRegisteredSms } from '@dak/domain/auth-limits';
import { messages } from '@dak/domain/errors';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { newToken, sha256 } from '../../lib/secrets';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { AuthRepository } from './auth.repository';
import type { OtpService } from './otp.service';
import type { PasswordGuard } from './password-guard';
import { hashPassword, verifyPassword } from './passwords';
import type { SessionsService } from './sessions.service';

type Client = { ip: string; userAgent?: string };

type UserRecord = NonNullable<Awaited<ReturnType<AuthRepository['findUserById']>>>;

/** What the API shows of a user: never the password hash. */
export function publicUser(user: UserRecord) {
  return {
    id: user.id,
    phone: user.phone,
    accountType: user.account_type,
    name: user.display_name,
    fullName: user.full_name,
    dateOfBirth: user.date_of_birth,
    language: user.language,
    hasPassword: Boolean(user.password_hash),
    createdAt: user.created_at,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/** A verified code counts for the final registration submit up to this long after the phone step. */
const registrationGraceSeconds = 30 * 60;
const temporaryTokenTtlMinutes = 15;

export function createAuthService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  config: Pick<Config, 'sessionTtlHours' | 'rateLimits'>;
  repo: AuthRepository;
  otp: OtpService;
  sessions: SessionsService;
  rateLimiter: RateLimiter;
  passwordGuard: PasswordGuard;
}) {
  const { db, clock, repo, otp, sessions, rateLimiter, config, passwordGuard } = deps;

  /**
   * A temporary token names one entity; it is issued only for an entity the caller may see, and
   * anything else is "not found" as the entity's own routes answer (issue 11), so a token can never
   * be the way into another shop's data. Invoices and loans do not exist yet: none can be named.
   */
  async function checkEntityAccess(
    userId: string,
    type: 'shop' | 'invoice' | 'loan' | 'parcel',
    value: string,
  ) {
    switch (type) {
      case 'shop': {
        const shops = await repo.shopsOfUser(userId);
        if (!shops.some((s) => s.id === value)) throw new AppError('NOT_FOUND', 'Shop not found');
        return;
      }
      case 'parcel': {
        if (!(await repo.findParcelOfUser(userId, value)))
          throw new AppError('NOT_FOUND', 'Parcel not found');
        return;
      }
      case 'invoice':
        throw new AppError('NOT_FOUND', 'Invoice not found');
      case 'loan':
        throw new AppError('NOT_FOUND', 'Loan not found');
    }
  }

  function checkAccountType(user: UserRecord, chosen: AccountType | undefined) {
    if (chosen && chosen !== user.account_type) {
      const label = user.account_type === 'partner' ? 'partner' : 'merchant';
      throw new AppError(
        'ACCOUNT_TYPE_MISMATCH',
        `This phone number has a ${label} account. Choose ${label === 'partner' ? 'Partner' : 'Merchant'} to log in.`,
      );
    }
  }

  async function openSession(user: UserRecord, client: Client) {
    const token = await sessions.create({
      userId: user.id,
      ttlHours: config.sessionTtlHours,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    return { token, user: publicUser(user) };
  }

  /** Sign-in's password check: the guard's limits before, its counters after; INVALID_CREDENTIALS. */
  async function checkPassword(input: { phone: string; password: string } & Client) {
    const user = await repo.findUserByPhone(input.phone);
    const attempt = { scope: 'login', phone: input.phone, ip: input.ip };
    const knownAddress = await passwordGuard.knownAddress(user && { userId: user.id }, input.ip);
    await passwordGuard.before({ ...attempt, knownAddress });
    const ok = await verifyPassword(user?.password_hash, input.password);
    if (!user || !ok) {
      await passwordGuard.failed(attempt);
      throw new AppError('INVALID_CREDENTIALS', messages.invalidCredentials);
    }
    await passwordGuard.succeeded(attempt);
    return user;
  }

  /** A user has finished registering once they own or work in a shop. */
  async function isRegistered(userId: string) {
    return (await repo.shopsOfUser(userId)).length > 0;
  }

  return {
    requestLoginOtp(input: { phone: string } & Client) {
      return otp.request({ phone: input.phone, purpose: 'login', ip: input.ip });
    },

    /** Signs in by code; an unknown phone gets a new account (isNewUser), to finish registering. */
    async verifyLoginOtp(input: { phone: string; code: string; accountType?: AccountType } & Client) {
      await otp.verify({ phone: input.phone, purpose: 'login', code: input.code, consume: true });
      const existing = await repo.findUserByPhone(input.phone);
      if (existing) checkAccountType(existing, input.accountType);
      const user =
        existing ??
        (await repo.insertUser({ phone: input.phone, account_type: input.accountType ?? 'merchant' }));
      const session = await openSession(user, input);
      return { ...session, isNewUser: !existing || !(await isRegistered(user.id)) };
    },

    async loginWithPassword(input: { phone: string; password: string; accountType?: AccountType } & Client) {
      const user = await checkPassword(input);
      checkAccountType(user, input.accountType);
      return openSession(user, input);
    },

    /**
     * The merchant user of a phone and password, under sign-in's limits (the same counters), without
     * opening a session: for other ways of signing in (the Pathao-compatible token grant).
     */
    async verifyPassword(input: { phone: string; password: string } & Client) {
      const user = await checkPassword(input);
      return { userId: user.id };
    },

    logout(sessionId: string) {
      return sessions.revoke(sessionId);
    },

    async me(userId: string) {
      const user = await repo.findUserById(userId);
      if (!user) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
      const shops = await repo.shopsOfUser(userId);
      return {
        user: publicUser(user),
        shops: shops.map((s) => ({ id: s.id, name: s.name, merchantType: s.merchant_type, role: s.role })),
      };
    },

    async phoneExists(input: { phone: string } & Client) {
      await rateLimiter.consume(`phone-exists:ip:${input.ip}`, config.rateLimits.loginPerIpPer15Min, 900);
      const user = await repo.findUserByPhone(input.phone);
      return { exists: Boolean(user), hasPassword: Boolean(user?.password_hash) };
    },

    async changePassword(
      input: { userId: string; sessionId: string; currentPassword: string; password: string } & Client,
    ) {
      const user = await repo.findUserById(input.userId);
      if (!user) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
      await rateLimiter.consume(
        `password-change:${user.id}`,
        config.rateLimits.loginFailuresPerPhoneAndIpPer15Min,
        900,
      );
      if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
        throw new AppError('INVALID_CREDENTIALS', 'Current password is incorrect');
      }
      await repo.updateUser(user.id, { password_hash: await hashPassword(input.password) }, clock.now());
      // Other devices must sign in again with the new password; this one stays signed in.
      await sessions.revokeAllForUser(user.id, input.sessionId);
    },

    /**
     * Sends a reset code only to a registered phone, but answers the same either way: an unknown
     * phone gets a code nobody knows, under the same limits and waits, and no SMS.
     */
    async requestPasswordReset(input: { phone: string } & Client) {
      const user = await repo.findUserByPhone(input.phone);
      return otp.request({
        phone: input.phone,
        purpose: 'password_reset',
        ip: input.ip,
        ...(user ? {} : { notice: null }),
      });
    },

    async resetPassword(input: { phone: string; otp: string; password: string } & Client) {
      await otp.verify({ phone: input.phone, purpose: 'password_reset', code: input.otp, consume: true });
      const user = await repo.findUserByPhone(input.phone);
      if (!user) throw new AppError('OTP_INVALID', messages.otpInvalid);
      await repo.updateUser(user.id, { password_hash: await hashPassword(input.password) }, clock.now());
      await sessions.revokeAllForUser(user.id);
    },

    async createTemporaryToken(input: { userId: string; body: unknown }) {
      const missing = missingTemporaryTokenFields(input.body);
      if (missing.length > 0) {
        throw new AppError('TEMPORARY_TOKEN_PAYLOAD_MISSING', messages.temporaryTokenPayloadMissing, {
          missing,
        });
      }
      const parsed = temporaryTokenSchema.safeParse(input.body);
      if (!parsed.success) {
        throw new AppError('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'Invalid request');
      }
      const request = parsed.data;
      const user = await repo.findUserById(input.userId);
      if (!user) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
      // A token can only be made for oneself, and for a shop only by one who works in it.
      const identityOk =
        request.identityType === 'phone'
          ? request.identityValue === user.phone
          : request.identityValue === user.id;
      if (!identityOk) throw new AppError('FORBIDDEN', messages.forbidden);
      await checkEntityAccess(user.id, request.entityType, request.entityValue);
      const token = newToken();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + temporaryTokenTtlMinutes * 60 * 1000);
      await repo.insertTemporaryToken({
        token_hash: sha256(token),
        created_by_user_id: user.id,
        allowed_action: request.temporaryAllowedAction,
        identity_type: request.identityType,
        identity_value: request.identityValue,
        entity_type: request.entityType,
        entity_value: request.entityValue,
        created_at: now,
        expires_at: expiresAt,
      });
      return { temporaryAccessToken: token, expiresAt, allowedAction: request.temporaryAllowedAction };
    },

    /** Which action and entity a temporary token allows, or null when unknown or expired. */
    async findTemporaryToken(token: string) {
      const row = await repo.findTemporaryToken(sha256(token));
      if (!row || row.revoked_at || new Date(row.expires_at).getTime() <= clock.now().getTime()) return null;
      return {
        allowedAction: row.allowed_action,
        entityType: row.entity_type,
        entityValue: row.entity_value,
        identityType: row.identity_type,
        identityValue: row.identity_value,
      };
    },

    /**
     * Answers a registered phone exactly as a new one (same limits, waits and shape), so the
     * answer does not tell who has an account: the owner gets an SMS saying so instead of a code,
     * and the code on record is one nobody knows, so every later step refuses it as a wrong code.
     */
    async requestRegistrationOtp(input: { phone: string } & Client) {
      const user = await repo.findUserByPhone(input.phone);
      const registered = Boolean(user && (await isRegistered(user.id)));
      return otp.request({
        phone: input.phone,
        purpose: 'registration',
        ip: input.ip,
        ...(registered ? { notice: alreadyRegisteredSms } : {}),
      });
    },

    async verifyRegistrationOtp(input: { phone: string; code: string }) {
      await otp.verify({ phone: input.phone, purpose: 'registration', code: input.code, consume: false });
      return { verified: true };
    },

    /** Creates the user (or completes one made by an OTP sign-in) and the first shop, at once. */
    async register(
      input: {
        merchantName: string;
        shopName: string;
        dailyParcelCount: number;
        phone: string;
        code: string;
        fullName: string;
        dateOfBirth: string;
        referralCode?: string | undefined;
        password: string;
      } & Client,
    ) {
      // The code first: without it, "already registered" would tell anyone who has an account.
      await otp.verify({
        phone: input.phone,
        purpose: 'registration',
        code: input.code,
        consume: true,
        verifiedGraceSeconds: registrationGraceSeconds,
      });
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      const { user, shop } = await db.transaction().execute(async (trx) => {
        const created = await repo.insertUser({ phone: input.phone, account_type: 'merchant' }, trx);
        // Lock the user row so two parallel submits cannot both create a first shop.
        await repo.lockUser(created.id, trx);
        if ((await repo.shopsOfUser(created.id, trx)).length > 0) {
          throw new AppError('PHONE_ALREADY_REGISTERED', messages.phoneAlreadyRegistered);
        }
        await repo.updateUser(
          created.id,
          {
            display_name: input.merchantName,
            full_name: input.fullName,
            date_of_birth: input.dateOfBirth,
            password_hash: passwordHash,
            referral_code: input.referralCode || null,
            terms_accepted_at: now,
          },
          now,
          trx,
        );
        const shop = await repo.insertShop(
          { name: input.shopName, owner_user_id: created.id, daily_parcel_count: input.dailyParcelCount },
          'owner',
          trx,
        );
        const user = await repo.findUserById(created.id, trx);
        if (!user) throw new Error('user vanished inside its own transaction');
        return { user, shop };
      });
      const session = await openSession(user, input);
      return {
        ...session,
        shop: { id: shop.id, name: shop.name, merchantType: shop.merchant_type, role: shop.role },
      };
    },
  };
}
