import type { Jobs } from '../../jobs/jobs';
import type { ModuleDeps } from '../../lib/module';
import type { AccountsService } from '../auth/accounts.service';
import type { OtpService } from '../auth/otp.service';
import { createTeamRepository } from './team.repository';
import { teamRoutes } from './team.routes';
import { createTeamService } from './team.service';

/** The team module: its service, and its routes for app.ts. */
export function teamModule(deps: ModuleDeps & { accounts: AccountsService; otp: OtpService; jobs?: Jobs }) {
  const { db, clock, otp, jobs } = deps;
  const service = createTeamService({
    db,
    clock,
    repo: createTeamRepository(db),
    users: deps.accounts,
    otp,
    jobs,
  });
  return { service, routes: teamRoutes({ team: service, guards: deps.guards }) };
}
