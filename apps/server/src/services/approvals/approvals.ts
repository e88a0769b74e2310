import { randomUUID } from 'node:crypto';
import {
  PROPOSAL_KINDS,
  type Proposal,
  type ProposalChange,
  type ProposalKind,
  type ProposalPayload,
  type ProposalStatus,
  type ProposalTargetType,
  proposalKindsHiddenFrom,
} from '@hiram/contract/ops/approvals';
import type { StaffRole } from '@hiram/contract/ops/staff';
import type { SetupLinkHandOver } from '@hiram/contract/ops/staff-admin';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import { problemsFromIssues } from '../../domain/field-problems.ts';
import { recordAudit } from '../audit/audit.ts';
import { borrowerNameSql } from '../borrowers/masking.ts';
import type { Actor } from '../staff/staff-records.ts';

/** What a proposed change touches, read from the target as it is now. */
export interface ProposalTarget {
  targetType: ProposalTargetType;
  targetId: string;
  /** The target's brand (package name), for brand-scoped members. */
  brand: string | null;
  /** The change in words, for the checker. */
  summary: string;
  /**
   * Each value the change sets, old (the target now) → new, for the checker to see what they approve
   * (docs/decisions/0056-proposals-show-old-and-new.md). A kind without it shows its summary only.
   */
  changes?: ProposalChange[];
  /** The same change proposed twice has the same key; only one may wait. */
  dedupeKey: string;
  /** The target's state the change is made against: another state at approval makes the proposal stale. */
  fingerprint: string;
}

/** A member acting under maker-checker: who they are and their role. */
export interface Member extends Actor {
  staffId: string;
  email: string;
  role: StaffRole;
}

/**
 * One kind of change, held by the capability it belongs to (loans, products, brands) and registered here.
 * `inspect` refuses what cannot be done (an AppError) and is run again, inside the approving transaction,
 * before `apply`: a target that changed meanwhile makes the proposal stale rather than applying an old
 * decision to a new state.
 */
export interface ProposalHandler<K extends ProposalKind> {
  kind: K;
  inspect(db: Queryable, payload: ProposalPayload<K>, brandScope: string | null): Promise<ProposalTarget>;
  /** Makes the change in the approving transaction; what it returns is kept as the proposal's result. */
  apply(tx: Queryable, payload: ProposalPayload<K>, context: ApplyContext): Promise<unknown>;
  /** After the approving transaction is committed: refreshes what the server keeps in memory (brands). */
  afterApproval?(): Promise<void>;
}

export interface ApplyContext {
  proposalId: string;
  /** The change is the checker's act on the maker's proposal; both are on the audit rows. */
  maker: { staffId: string; email: string };
  checker: Member;
  at: Date;
  /**
   * A set-up link for the approving member only: answered with this decision and never stored with the
   * proposal, its result or the audit rows (ADR 0058).
   */
  handOver(setupLink: SetupLinkHandOver): void;
}

interface ProposalRow {
  proposal_id: string;
  kind: ProposalKind;
  target_type: ProposalTargetType;
  target_id: string;
  brand: string | null;
  summary: string;
  reason: string;
  payload: Record<string, unknown>;
  status: ProposalStatus;
  proposed_by: string;
  proposer_email: string;
  proposer_name: string;
  proposed_at: Date | string;
  decided_by: string | null;
  decider_email: string | null;
  decider_name: string | null;
  target_label: string | null;
  decided_at: Date | string | null;
  decision_note: string | null;
  result: unknown;
  fingerprint: string;
  changes: ProposalChange[] | null;
}

/** A loan's or borrower's target as the borrower's name; the guarded cast reads the key's index. */
const TARGET_USER_SQL = `case when p.target_type = 'borrower' and p.target_id ~* '^[0-9a-f-]{36}$'
    then p.target_id::uuid end`;
const TARGET_ORDER_SQL = `case when p.target_type = 'loan' and p.target_id ~* '^[0-9a-f-]{36}$'
    then p.target_id::uuid end`;
/** A staff member's target as "Name (email)": by id, or by e-mail for a new admin (ADR 0058). */
const TARGET_STAFF_SQL = `(select ts.name || ' (' || ts.email || ')' from staff ts
      where p.target_type = 'staff' and (ts.staff_id::text = p.target_id or lower(ts.email) = p.target_id))`;
const SELECT = `select p.*, m.email as proposer_email, m.name as proposer_name, d.email as decider_email,
    d.name as decider_name,
    coalesce((select ${borrowerNameSql('bp')} from profiles bp
      where bp.user_id = coalesce(${TARGET_USER_SQL},
        (select lo.user_id from loan_orders lo where lo.order_id = ${TARGET_ORDER_SQL}))),
      ${TARGET_STAFF_SQL}) as target_label
  from proposals p join staff m on m.staff_id = p.proposed_by left join staff d on d.staff_id = p.decided_by`;

/**
 * The accounts tied to the member `param` names, itself included (docs/decisions/0066): up through the admins
 * who created an account alone (`staff.tied_to`), then down to every account one of those created alone. One
 * person may hold them all, so none decides another's proposal. Chains are short; the depth guards a cycle.
 */
export function tiedAccountsSql(param: string): string {
  return `with recursive up(staff_id, depth) as (
      select ${param}::uuid, 0
      union
      select s.tied_to, up.depth + 1 from up join staff s on s.staff_id = up.staff_id
       where s.tied_to is not null and up.depth < 20),
    down(staff_id, depth) as (
      select staff_id, 0 from up
      union
      select s.staff_id, down.depth + 1 from down join staff s on s.tied_to = down.staff_id
       where down.depth < 20)
    select distinct staff_id from down`;
}

export interface ProposalQuery {
  status?: ProposalStatus | undefined;
  kind?: ProposalKind | undefined;
  targetType?: ProposalTargetType | undefined;
  targetId?: string | undefined;
  /** true: decided ones only; false: pending ones only. */
  decided?: boolean | undefined;
  page: number;
  pageSize: number;
}

export interface Outcome {
  proposalId: string;
  status: ProposalStatus | null;
  error: AppError | null;
  /** Handed over by an approved staff change (a new admin, a reset): the approving member's to pass on. */
  setupLink?: SetupLinkHandOver | null;
}

/** Maker-checker over registered kinds of change (docs/decisions/0028-maker-checker.md). */
export class Approvals {
  private readonly handlers = new Map<ProposalKind, ProposalHandler<ProposalKind>>();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  register<K extends ProposalKind>(handler: ProposalHandler<K>): void {
    this.handlers.set(handler.kind, handler as unknown as ProposalHandler<ProposalKind>);
  }

  private handler(kind: ProposalKind): ProposalHandler<ProposalKind> {
    const handler = this.handlers.get(kind);
    // A kind in the contract with no handler yet: refused as not found rather than a 500.
    if (!handler) throw new AppError('NOT_FOUND');
    return handler;
  }

  private parse<K extends ProposalKind>(kind: K, payload: unknown): ProposalPayload<K> {
    const parsed = PROPOSAL_KINDS[kind].payload.safeParse(payload, { reportInput: true });
    if (!parsed.success) {
      // A problem with the payload as a whole (not an object) is on `payload`; one of its fields on `payload.x`.
      const fields = problemsFromIssues(parsed.error.issues, '');
      throw new AppError('VALIDATION_FAILED', {
        fields: fields.map((problem) => ({
          ...problem,
          field: problem.field ? `payload.${problem.field}` : 'payload',
        })),
      });
    }
    return parsed.data as ProposalPayload<K>;
  }

  async propose(kind: ProposalKind, rawPayload: unknown, reason: string, maker: Member): Promise<Proposal> {
    if (!(PROPOSAL_KINDS[kind].makers as readonly StaffRole[]).includes(maker.role)) {
      throw new AppError('ROLE_NOT_ALLOWED');
    }
    const payload = this.parse(kind, rawPayload);
    const handler = this.handler(kind);
    const proposalId = randomUUID();
    await this.db.transaction(async (tx) => {
      const target = await handler.inspect(tx, payload, maker.brandScope);
      // An admin does not propose changes to their own account (a reset would end their sessions and hand
      // their link to the checker); another admin proposes them.
      if (target.targetType === 'staff' && target.targetId === maker.staffId) {
        throw new AppError('OWN_ACCOUNT');
      }
      const inserted = await tx.query<{ proposal_id: string }>(
        `insert into proposals (proposal_id, kind, target_type, target_id, brand, summary, reason, payload,
           dedupe_key, fingerprint, status, proposed_by, proposed_at, changes)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending', $11, $12, $13)
         on conflict (dedupe_key) where status = 'pending' do nothing
         returning proposal_id`,
        [
          proposalId,
          kind,
          target.targetType,
          target.targetId,
          target.brand,
          target.summary,
          reason,
          JSON.stringify(payload),
          `${kind}:${target.dedupeKey}`,
          target.fingerprint,
          maker.staffId,
          this.clock.now().toISOString(),
          JSON.stringify(target.changes ?? []),
        ],
      );
      if (inserted.length === 0) throw new AppError('PROPOSAL_DUPLICATE');
      await recordAudit(tx, {
        ...auditOf(
          maker,
          this.clock.now(),
          'proposal.create',
          target.targetType,
          target.targetId,
          target.brand,
        ),
        after: { proposalId, kind, payload, reason, summary: target.summary },
      });
    });
    return this.one(proposalId, maker);
  }

  async list(
    query: ProposalQuery,
    member: Member,
  ): Promise<{ items: Proposal[]; page: number; pageSize: number; total: number }> {
    const where = `($1::text is null or p.status = $1) and ($2::text is null or p.kind = $2)
      and ($3::text is null or p.target_type = $3) and ($4::text is null or p.target_id = $4)
      and ($5::text is null or p.brand = $5)
      and ($6::boolean is null or (p.status <> 'pending') = $6::boolean)
      and not (p.kind = any($7::text[]))`;
    const params = [
      query.status ?? null,
      query.kind ?? null,
      query.targetType ?? null,
      query.targetId ?? null,
      member.brandScope,
      query.decided ?? null,
      proposalKindsHiddenFrom(member.role),
    ];
    const [count] = await this.db.query<{ n: number }>(
      `select count(*)::int as n from proposals p where ${where}`,
      params,
    );
    const rows = await this.db.query<ProposalRow>(
      `${SELECT} where ${where} order by p.proposed_at desc, p.proposal_id limit $8 offset $9`,
      [...params, query.pageSize, (query.page - 1) * query.pageSize],
    );
    const tied = await this.tiedTo(this.db, member);
    return {
      items: await Promise.all(
        rows.map(async (row) => toProposal(await this.current(row, member), member, tied)),
      ),
      page: query.page,
      pageSize: query.pageSize,
      total: count?.n ?? 0,
    };
  }

  /**
   * A pending proposal's changes read again against its target as it is now, so the checker compares with
   * today's values; the ones kept at proposal when the target can no longer take it (the approval would say
   * why) or for a decided proposal.
   */
  private async current(row: ProposalRow, member: Member): Promise<ProposalRow> {
    const handler = this.handlers.get(row.kind);
    if (row.status !== 'pending' || !handler) return row;
    try {
      const now = await handler.inspect(this.db, this.parse(row.kind, row.payload), member.brandScope);
      return now.changes ? { ...row, changes: now.changes } : row;
    } catch (error) {
      if (error instanceof AppError) return row;
      throw error;
    }
  }

  /**
   * Approves or rejects each proposal in its own transaction, so one refusal (own proposal, stale, decided)
   * does not undo the others; the answer says what became of each.
   */
  async decide(
    proposalIds: readonly string[],
    decision: 'approve' | 'reject',
    note: string | undefined,
    checker: Member,
  ): Promise<Outcome[]> {
    // The maker reads why their proposal was turned down: a rejection without a reason is refused whole.
    if (decision === 'reject' && !note?.trim()) throw new AppError('PROPOSAL_REJECT_NEEDS_REASON');
    const outcomes: Outcome[] = [];
    for (const proposalId of new Set(proposalIds)) {
      try {
        const { status, setupLink } = await this.decideOne(proposalId, decision, note ?? null, checker);
        outcomes.push({ proposalId, status, error: null, setupLink });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const [row] = await this.db.query<{ status: ProposalStatus }>(
          'select status from proposals where proposal_id = $1',
          [proposalId],
        );
        outcomes.push({ proposalId, status: row?.status ?? null, error });
      }
    }
    return outcomes;
  }

  private async decideOne(
    proposalId: string,
    decision: 'approve' | 'reject',
    note: string | null,
    checker: Member,
  ): Promise<{ status: ProposalStatus; setupLink: SetupLinkHandOver | null }> {
    let applied: ProposalHandler<ProposalKind> | null = null;
    let refusal: AppError | null = null;
    let setupLink: SetupLinkHandOver | null = null;
    const stale = await this.db.transaction(async (tx) => {
      const [row] = await tx.query<ProposalRow>(`${SELECT} where p.proposal_id = $1 for update of p`, [
        proposalId,
      ]);
      if (!row || (checker.brandScope !== null && row.brand !== checker.brandScope)) {
        throw new AppError('NOT_FOUND');
      }
      if (row.status !== 'pending') throw new AppError('PROPOSAL_DECIDED');
      if (row.proposed_by === checker.staffId) throw new AppError('PROPOSAL_OWN');
      if (row.target_type === 'staff' && row.target_id === checker.staffId) throw new AppError('OWN_ACCOUNT');
      if ((await this.tiedTo(tx, checker)).has(row.proposed_by)) throw new AppError('TIED_ACCOUNTS');
      if (!(PROPOSAL_KINDS[row.kind].checkers as readonly StaffRole[]).includes(checker.role)) {
        throw new AppError('ROLE_NOT_ALLOWED');
      }
      const at = this.clock.now();
      const audit = auditOf(checker, at, '', row.target_type, row.target_id, row.brand);
      if (decision === 'reject') {
        await this.close(tx, proposalId, 'rejected', checker, at, note, null);
        await recordAudit(tx, { ...audit, action: 'proposal.reject', after: { proposalId, note } });
        return false;
      }
      const handler = this.handler(row.kind);
      const payload = this.parse(row.kind, row.payload);
      let now: ProposalTarget | null = null;
      try {
        now = await handler.inspect(tx, payload, checker.brandScope);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // The change can no longer be made (a cap in force since, a loan paid off): that is the reason given.
        refusal = error;
      }
      if (!now || now.fingerprint !== row.fingerprint) return true;
      const result = await handler.apply(tx, payload, {
        proposalId,
        maker: { staffId: row.proposed_by, email: row.proposer_email },
        checker,
        at,
        handOver: (link) => {
          setupLink = link;
        },
      });
      await this.close(tx, proposalId, 'approved', checker, at, note, result ?? null);
      // The history keeps what the checker approved: the values as they were read at approval.
      await tx.query('update proposals set changes = $2 where proposal_id = $1', [
        proposalId,
        JSON.stringify(now.changes ?? []),
      ]);
      await recordAudit(tx, { ...audit, action: 'proposal.approve', after: { proposalId, note, result } });
      applied = handler;
      return false;
    });
    await (applied as ProposalHandler<ProposalKind> | null)?.afterApproval?.();
    if (!stale) return { status: decision === 'approve' ? 'approved' : 'rejected', setupLink };
    // Marked stale in a transaction of its own: the approving one applied nothing.
    await this.db.transaction(async (tx) => {
      const at = this.clock.now();
      const [row] = await tx.query<ProposalRow>(`${SELECT} where p.proposal_id = $1 for update of p`, [
        proposalId,
      ]);
      if (row?.status !== 'pending') return;
      await this.close(tx, proposalId, 'stale', checker, at, note, null);
      await recordAudit(tx, {
        ...auditOf(checker, at, 'proposal.stale', row.target_type, row.target_id, row.brand),
        after: { proposalId },
      });
    });
    throw refusal ?? new AppError('PROPOSAL_STALE');
  }

  async withdraw(proposalId: string, maker: Member): Promise<Proposal> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.query<ProposalRow>(`${SELECT} where p.proposal_id = $1 for update of p`, [
        proposalId,
      ]);
      if (!row || row.proposed_by !== maker.staffId) throw new AppError('NOT_FOUND');
      if (row.status !== 'pending') throw new AppError('PROPOSAL_DECIDED');
      const at = this.clock.now();
      await tx.query(`update proposals set status = 'withdrawn', decided_at = $2 where proposal_id = $1`, [
        proposalId,
        at.toISOString(),
      ]);
      await recordAudit(tx, {
        ...auditOf(maker, at, 'proposal.withdraw', row.target_type, row.target_id, row.brand),
        after: { proposalId },
      });
    });
    return this.one(proposalId, maker);
  }

  /** The pending proposals touching one target, for the page that shows it. */
  async pendingFor(targetType: ProposalTargetType, targetId: string, member: Member): Promise<Proposal[]> {
    const page = await this.list({ status: 'pending', targetType, targetId, page: 1, pageSize: 100 }, member);
    return page.items;
  }

  private async one(proposalId: string, member: Member): Promise<Proposal> {
    const [row] = await this.db.query<ProposalRow>(`${SELECT} where p.proposal_id = $1`, [proposalId]);
    if (!row) throw new AppError('NOT_FOUND');
    return toProposal(row, member, await this.tiedTo(this.db, member));
  }

  /** The accounts tied to the member (tiedAccountsSql): they decide none of those accounts' proposals. */
  private async tiedTo(q: Queryable, member: Member): Promise<Set<string>> {
    const rows = await q.query<{ staff_id: string }>(tiedAccountsSql('$1'), [member.staffId]);
    return new Set(rows.map((row) => row.staff_id));
  }

  private async close(
    tx: Queryable,
    proposalId: string,
    status: ProposalStatus,
    checker: Member,
    at: Date,
    note: string | null,
    result: unknown,
  ): Promise<void> {
    await tx.query(
      `update proposals set status = $2, decided_by = $3, decided_at = $4, decision_note = $5, result = $6
        where proposal_id = $1`,
      [
        proposalId,
        status,
        checker.staffId,
        at.toISOString(),
        note,
        result === null ? null : JSON.stringify(result),
      ],
    );
  }
}

function auditOf(
  actor: Member,
  at: Date,
  action: string,
  targetType: ProposalTargetType,
  targetId: string,
  brand: string | null,
) {
  return {
    at,
    actorId: actor.staffId,
    actorEmail: actor.email,
    action,
    target: `${targetType}:${targetId}`,
    brandScope: brand,
    clientAddress: actor.clientAddress ?? null,
    userAgent: actor.userAgent ?? null,
  };
}

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

function toProposal(row: ProposalRow, member: Member, tied: ReadonlySet<string>): Proposal {
  const rule = PROPOSAL_KINDS[row.kind];
  return {
    proposalId: row.proposal_id,
    kind: row.kind,
    label: rule.label,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    brand: row.brand,
    summary: row.summary,
    changes: row.changes ?? [],
    reason: row.reason,
    payload: row.payload,
    status: row.status,
    proposedBy: { staffId: row.proposed_by, email: row.proposer_email, name: row.proposer_name },
    proposedAt: iso(row.proposed_at) as string,
    decidedBy: row.decided_by
      ? { staffId: row.decided_by, email: row.decider_email ?? '', name: row.decider_name ?? '' }
      : null,
    decidedAt: iso(row.decided_at),
    decisionNote: row.decision_note,
    result: row.result ?? null,
    decidable:
      row.status === 'pending' &&
      !tied.has(row.proposed_by) &&
      !(row.target_type === 'staff' && row.target_id === member.staffId) &&
      (rule.checkers as readonly StaffRole[]).includes(member.role),
  };
}
