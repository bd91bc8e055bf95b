import {
  canMoveLead,
  type EnterpriseLeadInput,
  type LeadStatus,
  leadStatuses,
} from '@dak/domain/site-content';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { RateLimits } from '../../config';
import type { DB, EnterpriseLeadsTable } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../plugins/rate-limit';
import { createEnterpriseLeadsRepository } from './enterprise-leads.repository';

export type EnterpriseLeadsService = ReturnType<typeof createEnterpriseLeadsService>;

const asStatus = (value: string): LeadStatus => leadStatuses.find((s) => s === value) ?? 'new';

/**
 * The enterprise (truck rental) contact form's leads: anyone may send one (rate-limited per IP);
 * sales staff work them new → contacted → won or lost, each move with a note, in one transaction
 * with its history row.
 */
export function createEnterpriseLeadsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  rateLimiter: RateLimiter;
  limits: Pick<RateLimits, 'leadsPerIpPerHour'>;
}) {
  const repo = createEnterpriseLeadsRepository(deps.db);

  async function withHistory(rows: Selectable<EnterpriseLeadsTable>[], trx?: Transaction<DB>) {
    const events = await repo.history(
      rows.map((r) => r.id),
      trx,
    );
    return rows.map((lead) => ({
      id: lead.id,
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      company: lead.company,
      requirement: lead.requirement,
      status: lead.status,
      createdAt: lead.created_at,
      updatedAt: lead.updated_at,
      history: events
        .filter((e) => e.lead_id === lead.id)
        .map((e) => ({
          from: asStatus(e.from_status),
          to: asStatus(e.to_status),
          note: e.note,
          staffName: e.staff_name,
          at: e.created_at,
        })),
    }));
  }

  return {
    async submit(input: EnterpriseLeadInput & { ip: string }) {
      await deps.rateLimiter.consume(`enterprise-lead:ip:${input.ip}`, deps.limits.leadsPerIpPerHour, 3600);
      return repo.insert(input);
    },

    async list(filter: { status?: LeadStatus; limit: number; offset: number }) {
      const { rows, count } = await repo.list(filter);
      return { items: await withHistory(rows), count };
    },

    async move(input: { id: string; to: LeadStatus; note: string; staffId: string }) {
      return deps.db.transaction().execute(async (trx) => {
        const lead = await repo.find(input.id, trx);
        if (!lead) throw new AppError('NOT_FOUND', 'Lead not found');
        if (!canMoveLead(lead.status, input.to)) {
          throw new AppError('INVALID_TRANSITION', `A ${lead.status} lead cannot become ${input.to}`, {
            from: lead.status,
            to: input.to,
          });
        }
        const now = deps.clock.now();
        const moved = await repo.move(input.id, lead.status, input.to, now, trx);
        if (!moved) throw new AppError('CONFLICT', 'Someone else changed this lead; reload and try again');
        await repo.addEvent(
          {
            lead_id: input.id,
            from_status: lead.status,
            to_status: input.to,
            note: input.note,
            staff_id: input.staffId,
            created_at: now,
          },
          trx,
        );
        const [view] = await withHistory([moved], trx);
        if (!view) throw new AppError('NOT_FOUND', 'Lead not found');
        return view;
      });
    },
  };
}
