import { type EmployeeRole, type Member, teamMessages } from '@dak/domain/shop';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Jobs } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import type { AccountsService } from '../auth/accounts.service';
import type { OtpService } from '../auth/otp.service';
import { notify } from '../notifications/notifications.service';
import type { TeamRepository } from './team.repository';

type Row = NonNullable<Awaited<ReturnType<TeamRepository['find']>>>;

function toMember(row: Row): Member {
  return {
    userId: row.user_id,
    phone: row.phone,
    name: row.display_name ?? row.full_name,
    role: row.role,
    status: row.status,
    addedAt: row.created_at,
  };
}

export type TeamService = ReturnType<typeof createTeamService>;

/**
 * Manage team: the owner adds employees by phone once the new member reads back the code sent to
 * that phone (spec 6), gives them the editor or viewer role, changes it, or removes them. A
 * removal is immediate: the shop guard only accepts active memberships.
 */
export function createTeamService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  repo: TeamRepository;
  users: Pick<AccountsService, 'findUserByPhone' | 'insertUser'>;
  otp: OtpService;
  /** The new member is told (issue 14 notifications); absent in tests that build the service alone. */
  jobs?: Jobs;
}) {
  const { db, clock, repo, users, otp } = deps;

  /** Who cannot be invited: a current member (the owner included) or a partner (agent) account. */
  async function refuseUninvitable(shopId: string, phone: string) {
    const member = await repo.findByPhone(shopId, phone);
    if (member?.status === 'active') {
      throw new AppError(
        'ALREADY_A_MEMBER',
        member.role === 'owner' ? teamMessages.ownerPhone : teamMessages.alreadyMember,
      );
    }
    const user = member ?? (await users.findUserByPhone(phone));
    if (user?.account_type === 'partner') {
      throw new AppError('VALIDATION_FAILED', teamMessages.partnerAccount, {
        fields: [{ path: 'body.phone', message: teamMessages.partnerAccount }],
      });
    }
  }

  async function load(shopId: string, userId: string) {
    const row = await repo.find(shopId, userId);
    if (!row) throw new AppError('NOT_FOUND', teamMessages.memberNotFound);
    return row;
  }

  return {
    async list(shopId: string, status?: 'active' | 'removed') {
      const rows = await repo.list(shopId, status);
      return { items: rows.map(toMember), count: rows.length };
    },

    async requestInviteOtp(input: { shopId: string; phone: string; ip: string }) {
      await refuseUninvitable(input.shopId, input.phone);
      return otp.request({ phone: input.phone, purpose: 'team_invite', ip: input.ip, context: input.shopId });
    },

    /** Checks the code sent to the phone, makes the account if the phone has none, adds the member. */
    async add(input: { shopId: string; addedBy: string; phone: string; role: EmployeeRole; code: string }) {
      await refuseUninvitable(input.shopId, input.phone);
      await otp.verify({
        phone: input.phone,
        purpose: 'team_invite',
        context: input.shopId,
        code: input.code,
        consume: true,
      });
      const now = clock.now();
      const userId = await db.transaction().execute(async (trx) => {
        // No password: the new member signs in with a code to their phone.
        const user = await users.insertUser({ phone: input.phone, account_type: 'merchant' }, trx);
        const added = await repo.addOrRestore(
          { shopId: input.shopId, userId: user.id, role: input.role, addedBy: input.addedBy, now },
          trx,
        );
        if (!added) throw new AppError('ALREADY_A_MEMBER', teamMessages.alreadyMember);
        if (deps.jobs) {
          await notify(trx, deps.jobs, {
            shopId: input.shopId,
            userId: user.id,
            kind: 'team_invitation',
            at: now,
            link: '/dashboard',
            params: { role: input.role },
          });
        }
        return user.id;
      });
      return toMember(await load(input.shopId, userId));
    },

    async changeRole(input: { shopId: string; userId: string; role: EmployeeRole }) {
      const member = await load(input.shopId, input.userId);
      if (member.status !== 'active') throw new AppError('NOT_FOUND', teamMessages.memberNotFound);
      if (member.role === 'owner') throw new AppError('OWNER_ROLE_FIXED', teamMessages.ownerCannotChange);
      const done = await repo.update({ ...input, now: clock.now() });
      if (!done) throw new AppError('NOT_FOUND', teamMessages.memberNotFound);
      return toMember(await load(input.shopId, input.userId));
    },

    async remove(input: { shopId: string; userId: string }) {
      const member = await load(input.shopId, input.userId);
      if (member.status !== 'active') throw new AppError('NOT_FOUND', teamMessages.memberNotFound);
      if (member.role === 'owner') throw new AppError('OWNER_ROLE_FIXED', teamMessages.ownerCannotBeRemoved);
      const done = await repo.update({ ...input, status: 'removed', now: clock.now() });
      if (!done) throw new AppError('NOT_FOUND', teamMessages.memberNotFound);
      return toMember(await load(input.shopId, input.userId));
    },
  };
}
