import { randomUUID } from 'node:crypto';
import type { CaseStatus } from '@hiram/contract/collection-cases';
import type { Dispute, DisputeOutcome } from '@hiram/contract/ops/dunning';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import { daysTouched } from '../../domain/servicing-rules.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import type { Member } from '../approvals/approvals.ts';
import { recordAudit } from '../audit/audit.ts';
import { noticeBorrower } from '../inbox/borrower-notices.ts';
import { setCaseStatus } from './case-log.ts';

/**
 * Disputes (docs/decisions/0076-dunning-and-guardrails.md): the borrower says the debt is wrong, to an agent on a
 * call or to support. From the moment it is opened until a reviewer resolves it, no dunning rule texts her, any
 * contact must say the debt is disputed (the guardrails), and no late penalty accrues (penalties.ts reads
 * `disputedDays`). Upheld: she was right; staff correct the loan (a waiver or reversal under maker-checker)
 * and no rule texts her about this case again. Rejected: dunning resumes; the paused days stay unpenalised.
 * Each step is audited, written in the case's history, and told to her in her inbox.
 */

interface DisputeRow {
  dispute_id: string;
  case_id: string;
  order_id: string;
  user_id: string;
  source: 'agent' | 'borrower';
  reason: string;
  opened_by: string;
  opener_name: string;
  opened_at: Date | string;
  previous_status: CaseStatus;
  outcome: DisputeOutcome | null;
  resolution: string | null;
  resolved_by: string | null;
  resolver_name: string | null;
  resolved_at: Date | string | null;
}

const SELECT = `select d.*, o.name as opener_name, r.name as resolver_name from collection_disputes d
  join staff o on o.staff_id = d.opened_by left join staff r on r.staff_id = d.resolved_by`;

function disputeOf(row: DisputeRow): Dispute {
  return {
    disputeId: row.dispute_id,
    caseId: row.case_id,
    orderId: row.order_id,
    source: row.source,
    reason: row.reason,
    openedBy: row.opener_name,
    openedAt: new Date(row.opened_at).toISOString(),
    outcome: row.outcome,
    resolution: row.resolution,
    resolvedBy: row.resolver_name,
    resolvedAt: row.resolved_at === null ? null : new Date(row.resolved_at).toISOString(),
  };
}

/** The Manila days a dispute on the loan's case was open (up to `now` for one still open): no penalty on them. */
export async function disputedDays(db: Queryable, orderId: string, now: Date): Promise<Set<string>> {
  const rows = await db.query<{ opened_at: Date | string; resolved_at: Date | string | null }>(
    'select opened_at, resolved_at from collection_disputes where order_id = $1',
    [orderId],
  );
  const days = new Set<string>();
  for (const row of rows) {
    const to = row.resolved_at === null ? null : new Date(row.resolved_at);
    for (const day of daysTouched(new Date(row.opened_at), to, now)) days.add(day);
  }
  return days;
}

export interface DisputesDeps {
  db: Database;
  clock: Clock;
  jobs: Jobs;
}

export class Disputes {
  constructor(private readonly deps: DisputesDeps) {}

  async list(caseId: string, brandScope: string | null): Promise<{ items: Dispute[] }> {
    const rows = await this.deps.db.query<DisputeRow>(
      `${SELECT} join collection_cases c on c.case_id = d.case_id
       where d.case_id = $1 and ($2::text is null or c.package_name = $2) order by d.opened_at desc`,
      [caseId, brandScope],
    );
    return { items: rows.map(disputeOf) };
  }

  async open(
    input: { caseId: string; source: 'agent' | 'borrower'; reason: string },
    member: Member,
  ): Promise<Dispute> {
    const { db, clock } = this.deps;
    const disputeId = randomUUID();
    await db.transaction(async (tx) => {
      const [kase] = await tx.query<{
        status: CaseStatus;
        order_id: string;
        user_id: string;
        package_name: string;
      }>(
        'select status, order_id, user_id, package_name from collection_cases where case_id = $1 for update',
        [input.caseId],
      );
      if (!kase || (member.brandScope !== null && kase.package_name !== member.brandScope)) {
        throw new AppError('NOT_FOUND');
      }
      // A closed case (paid, written off) has nothing to dispute in collections: support handles it.
      if (kase.status === 'closed') throw new AppError('NOT_FOUND');
      const [open] = await tx.query(
        'select 1 from collection_disputes where case_id = $1 and resolved_at is null',
        [input.caseId],
      );
      if (open) throw new AppError('DISPUTE_ALREADY_OPEN');
      const at = clock.now();
      // A case put in 'dispute' by a logged call already: it returns to where it was before that.
      const previous: CaseStatus = kase.status === 'dispute' ? 'contacted' : kase.status;
      await tx.query(
        `insert into collection_disputes (dispute_id, case_id, order_id, user_id, source, reason, opened_by,
           opened_at, previous_status)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          disputeId,
          input.caseId,
          kase.order_id,
          kase.user_id,
          input.source,
          input.reason,
          member.staffId,
          at.toISOString(),
          previous,
        ],
      );
      await setCaseStatus(tx, input.caseId, 'dispute', {
        staffId: member.staffId,
        note: `dispute opened: ${input.reason}`.slice(0, 2000),
        at,
      });
      await recordAudit(tx, {
        ...auditOf(member, at, 'collections.dispute.open', input.caseId, kase.package_name),
        after: { disputeId, orderId: kase.order_id, source: input.source, reason: input.reason },
      });
      await noticeBorrower(tx, this.deps, { orderId: kase.order_id, kind: 'disputeOpened' });
    });
    return this.one(disputeId);
  }

  async resolve(
    input: { disputeId: string; outcome: DisputeOutcome; resolution: string },
    member: Member,
  ): Promise<Dispute> {
    const { db, clock } = this.deps;
    await db.transaction(async (tx) => {
      const [row] = await tx.query<DisputeRow & { package_name: string; case_status: CaseStatus }>(
        `select d.*, c.package_name, c.status as case_status from collection_disputes d
         join collection_cases c on c.case_id = d.case_id where d.dispute_id = $1 for update of d, c`,
        [input.disputeId],
      );
      if (!row || (member.brandScope !== null && row.package_name !== member.brandScope)) {
        throw new AppError('NOT_FOUND');
      }
      if (row.resolved_at !== null) throw new AppError('DISPUTE_NOT_OPEN');
      const at = clock.now();
      await tx.query(
        `update collection_disputes set outcome = $2, resolution = $3, resolved_by = $4, resolved_at = $5
         where dispute_id = $1`,
        [input.disputeId, input.outcome, input.resolution, member.staffId, at.toISOString()],
      );
      if (row.case_status === 'dispute') {
        await setCaseStatus(
          tx,
          row.case_id,
          row.previous_status === 'closed' || row.previous_status === 'dispute'
            ? 'contacted'
            : row.previous_status,
          {
            staffId: member.staffId,
            note: `dispute ${input.outcome}: ${input.resolution}`.slice(0, 2000),
            at,
          },
        );
      }
      await recordAudit(tx, {
        ...auditOf(member, at, 'collections.dispute.resolve', row.case_id, row.package_name),
        before: { outcome: null },
        after: { disputeId: input.disputeId, outcome: input.outcome, resolution: input.resolution },
      });
      await noticeBorrower(tx, this.deps, {
        orderId: row.order_id,
        kind: input.outcome === 'upheld' ? 'disputeUpheld' : 'disputeRejected',
      });
    });
    return this.one(input.disputeId);
  }

  private async one(disputeId: string): Promise<Dispute> {
    const [row] = await this.deps.db.query<DisputeRow>(`${SELECT} where d.dispute_id = $1`, [disputeId]);
    if (!row) throw new AppError('NOT_FOUND');
    return disputeOf(row);
  }
}

function auditOf(member: Member, at: Date, action: string, caseId: string, brand: string) {
  return {
    at,
    actorId: member.staffId,
    actorEmail: member.email,
    action,
    target: `collection-case:${caseId}`,
    brandScope: brand,
    clientAddress: member.clientAddress ?? null,
    userAgent: member.userAgent ?? null,
  };
}
