import { randomUUID } from 'node:crypto';
import type { CaseBucket, CaseCloseReason, CaseStatus } from '@hiram/contract/collection-cases';
import type {
  AssignCases,
  CaseBoard,
  CaseContact,
  CaseEvent,
  CasePage,
  CasePromise,
  CaseRow,
  CaseSearch,
  CaseView,
  LogContact,
} from '@hiram/contract/ops/collection-cases';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import type { LoanOrderEvent } from '../../domain/loan-order-machine.ts';
import { addDays, manilaDay } from '../../domain/servicing-rules.ts';
import type { Member } from '../approvals/approvals.ts';
import { recordAudit } from '../audit/audit.ts';
import { borrowerNameSql, maskMobile } from '../borrowers/masking.ts';
import { assignByRules, assignCase, deleteRule, listRules, saveRule } from './assignment.ts';
import { addCaseEvent, bucketOf } from './case-log.ts';
import { logContact } from './contacts.ts';
import { auditContactBreach } from './dunning/guardrails.ts';
import { endPromiseWithCase } from './promises.ts';

/**
 * Collection cases (issue 22, docs/decisions/0074-collection-cases.md): one per loan that passed its due date.
 * It opens by itself when the loan falls overdue, follows its days past due through the buckets with each
 * daily run, and closes in the transaction of the loan change that ends it (paid, restructured, cancelled,
 * written off, or current again after an extension); a loan falling overdue again reopens it. Every step is
 * exactly once: the case is unique per loan and each step checks where the case stands.
 */

/** Where a loan's own change leaves its case (LoanOrders.moveIn calls afterLoanMove). */
const CLOSING_EVENTS: Partial<Record<LoanOrderEvent, CaseCloseReason>> = {
  repayInFull: 'paid',
  recoverInFull: 'paid',
  writeOff: 'writtenOff',
  coolOff: 'cancelled',
  extend: 'cured',
};

/** What a loan owes now, read from its ledger entries (never a copy on the case). */
const OWED_NOW = `(select coalesce(sum(e.amount), 0) from ledger_entries e where e.order_id = c.order_id
  and e.account in ('principal_receivable', 'interest_receivable', 'penalty_receivable', 'extension_fee_receivable'))`;

type DbRow = Record<string, unknown>;

interface CaseState {
  case_id: string;
  order_id: string;
  package_name: string;
  status: CaseStatus;
  bucket: CaseBucket;
  days_past_due: number;
  assigned_to: string | null;
}

function iso(value: unknown): string {
  return new Date(value as string).toISOString();
}

function isoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : iso(value);
}

function dayOrNull(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value.slice(0, 10) : (value as Date).toISOString().slice(0, 10);
}

export interface CollectionCaseDeps {
  db: Database;
  clock: Clock;
}

export class CollectionCases {
  constructor(private readonly deps: CollectionCaseDeps) {}

  private now(): Date {
    return this.deps.clock.now();
  }

  // ——— Lifecycle ———

  /** A loan's status change, in its transaction: fallOverdue opens (or reopens) its case; the end ones close it. */
  async afterLoanMove(tx: Queryable, orderId: string, event: LoanOrderEvent): Promise<void> {
    if (event === 'fallOverdue') {
      await this.openCase(tx, orderId);
      return;
    }
    const reason = CLOSING_EVENTS[event];
    if (reason) await this.closeCase(tx, orderId, reason);
  }

  /**
   * Opens the loan's case, or reopens it when closed (a broken arrangement); nothing when already open. Its days
   * past due are the schedule's as of today; the daily run keeps them.
   */
  async openCase(tx: Queryable, orderId: string, daysPastDue?: number): Promise<void> {
    const now = this.now();
    const today = manilaDay(now);
    const [existing] = await tx.query<CaseState>(
      'select * from collection_cases where order_id = $1 for update',
      [orderId],
    );
    if (existing) {
      if (existing.status === 'closed') await this.reopenCase(tx, orderId);
      return;
    }
    const [loan] = await tx.query<{ user_id: string; package_name: string; days: number | null }>(
      `select o.user_id, o.package_name, ($2::date - s.due_date) as days
       from loan_orders o left join loan_schedules s on s.order_id = o.order_id where o.order_id = $1`,
      [orderId, today],
    );
    if (!loan) return;
    const days = Math.max(1, daysPastDue ?? Number(loan.days ?? 1));
    const bucket = bucketOf(days);
    const [created] = await tx.query<{ case_id: string }>(
      `insert into collection_cases (case_id, order_id, user_id, package_name, status, days_past_due, bucket,
         next_action_on, opened_at, updated_at)
       values ($8, $1, $2, $3, 'open', $4, $5, $6, $7, $7)
       on conflict (order_id) do nothing returning case_id`,
      [orderId, loan.user_id, loan.package_name, days, bucket, today, now.toISOString(), randomUUID()],
    );
    if (!created) return;
    await addCaseEvent(tx, created.case_id, {
      kind: 'opened',
      to: bucket,
      note: `${days} days past due`,
      at: now,
    });
    await assignByRules(
      tx,
      { caseId: created.case_id, packageName: loan.package_name, bucket, assignedTo: null },
      now,
    );
  }

  /** Closes the loan's open case for `reason` (C4 calls it for a restructure); nothing when none is open. */
  async closeCase(tx: Queryable, orderId: string, reason: CaseCloseReason, staffId?: string | null) {
    const now = this.now();
    const [kase] = await tx.query<CaseState>(
      `select * from collection_cases where order_id = $1 and status <> 'closed' for update`,
      [orderId],
    );
    if (!kase) return;
    await tx.query(
      `update collection_cases set status = 'closed', closed_at = $2, close_reason = $3, updated_at = $2
       where case_id = $1`,
      [kase.case_id, now.toISOString(), reason],
    );
    // A running promise ends with the case: kept when the loan was paid, else cancelled (ADR 0075).
    await endPromiseWithCase(tx, kase.case_id, reason, now);
    await addCaseEvent(tx, kase.case_id, {
      kind: 'closed',
      from: kase.status,
      to: reason,
      staffId: staffId ?? null,
      at: now,
    });
  }

  /**
   * Reopens the loan's closed case (a broken arrangement: the loan fell overdue again). Its agent keeps it while
   * the rules name her; otherwise the rules assign it again. Nothing when there is no closed case.
   */
  async reopenCase(tx: Queryable, orderId: string, note?: string | null, staffId?: string | null) {
    const now = this.now();
    const [kase] = await tx.query<CaseState & { close_reason: string }>(
      `select * from collection_cases where order_id = $1 and status = 'closed' for update`,
      [orderId],
    );
    if (!kase) return;
    await tx.query(
      `update collection_cases set status = 'open', closed_at = null, close_reason = null,
         next_action_on = $2, updated_at = $3 where case_id = $1`,
      [kase.case_id, manilaDay(now), now.toISOString()],
    );
    await addCaseEvent(tx, kase.case_id, {
      kind: 'reopened',
      from: kase.close_reason,
      to: 'open',
      staffId: staffId ?? null,
      note: note ?? null,
      at: now,
    });
    await assignByRules(
      tx,
      {
        caseId: kase.case_id,
        packageName: kase.package_name,
        bucket: kase.bucket,
        assignedTo: kase.assigned_to,
      },
      now,
    );
  }

  /**
   * The daily run's share for an overdue loan (serviceOrder): its case opened if missing, its days past due
   * kept, and a bucket change recorded once and assigned by the rules.
   */
  async afterDailyRun(tx: Queryable, orderId: string, daysPastDue: number): Promise<void> {
    await this.openCase(tx, orderId, daysPastDue);
    const [kase] = await tx.query<CaseState>(
      `select * from collection_cases where order_id = $1 and status <> 'closed' for update`,
      [orderId],
    );
    if (!kase) return;
    const days = Math.max(1, daysPastDue);
    const bucket = bucketOf(days);
    if (Number(kase.days_past_due) === days && kase.bucket === bucket) return;
    const now = this.now();
    await tx.query(
      'update collection_cases set days_past_due = $2, bucket = $3, updated_at = $4 where case_id = $1',
      [kase.case_id, days, bucket, now.toISOString()],
    );
    if (kase.bucket === bucket) return;
    await addCaseEvent(tx, kase.case_id, { kind: 'bucketChanged', from: kase.bucket, to: bucket, at: now });
    await assignByRules(
      tx,
      { caseId: kase.case_id, packageName: kase.package_name, bucket, assignedTo: kase.assigned_to },
      now,
    );
  }

  // ——— Reading ———

  private caseSelect(extraColumns = '', extraJoins = ''): string {
    return `c.*, ${OWED_NOW} as owed, u.mobile, ${borrowerNameSql('pr')} as name, st.name as assigned_name
      ${extraColumns}
      from collection_cases c
      join users u on u.user_id = c.user_id
      left join profiles pr on pr.user_id = c.user_id
      left join staff st on st.staff_id = c.assigned_to
      ${extraJoins}`;
  }

  private async rowsOf(rows: DbRow[]): Promise<CaseRow[]> {
    const ids = rows.map((r) => r.case_id as string);
    const contacts = ids.length
      ? await this.deps.db.query<DbRow>(
          `select distinct on (k.case_id) k.*, s.name as staff_name from collection_contacts k
           left join staff s on s.staff_id = k.staff_id
           where k.case_id = any($1::uuid[]) order by k.case_id, k.at desc, k.contact_id`,
          [ids],
        )
      : [];
    const promises = ids.length
      ? await this.deps.db.query<DbRow>(
          `select distinct on (p.case_id) p.* from collection_promises p where p.case_id = any($1::uuid[])
           order by p.case_id, (p.status = 'running') desc, p.made_at desc`,
          [ids],
        )
      : [];
    return rows.map((row) => {
      const contact = contacts.find((k) => k.case_id === row.case_id);
      const promise = promises.find((p) => p.case_id === row.case_id);
      return {
        caseId: row.case_id as string,
        orderId: row.order_id as string,
        userId: row.user_id as string,
        packageName: row.package_name as string,
        name: (row.name as string | null) ?? null,
        mobile: maskMobile(row.mobile as string),
        status: row.status as CaseStatus,
        bucket: row.bucket as CaseBucket,
        daysPastDue: Number(row.days_past_due),
        totalDue: Number(row.owed),
        assignedTo: (row.assigned_to as string | null) ?? null,
        assignedName: (row.assigned_name as string | null) ?? null,
        agencyId: (row.agency_id as string | null) ?? null,
        nextActionOn: dayOrNull(row.next_action_on),
        openedAt: iso(row.opened_at),
        lastContact: contact ? contactOf(contact) : null,
        promise: promise ? promiseOf(promise) : null,
      };
    });
  }

  private async page(
    where: string,
    params: unknown[],
    order: string,
    paging: { page: number; pageSize: number },
  ): Promise<CasePage> {
    const { db } = this.deps;
    const [count] = await db.query<{ n: number | string }>(
      `select count(*) as n from collection_cases c where ${where}`,
      params,
    );
    const rows = await db.query<DbRow>(
      `select ${this.caseSelect()} where ${where} order by ${order}
       limit ${paging.pageSize} offset ${(paging.page - 1) * paging.pageSize}`,
      params,
    );
    return {
      items: await this.rowsOf(rows),
      page: paging.page,
      pageSize: paging.pageSize,
      total: Number(count?.n ?? 0),
      asOf: this.now().toISOString(),
    };
  }

  /** The agent's day: her open cases by next action (none last), then by what is owed, most first. */
  mine(member: Member, paging: { page: number; pageSize: number }): Promise<CasePage> {
    return this.page(
      `c.assigned_to = $1 and c.status <> 'closed' and ($2::text is null or c.package_name = $2)`,
      [member.staffId, member.brandScope],
      'c.next_action_on nulls last, owed desc, c.opened_at, c.case_id',
      paging,
    );
  }

  list(input: CaseSearch, brandScope: string | null): Promise<CasePage> {
    if (brandScope && input.brand && input.brand !== brandScope) throw new AppError('BRAND_OUT_OF_SCOPE');
    const unassigned = input.assignedTo === 'unassigned';
    return this.page(
      `($1::text is null or c.package_name = $1) and ($2::text is null or c.bucket = $2)
       and (case when $3::text is null then c.status <> 'closed' else c.status = $3 end)
       and ($4::uuid is null or c.assigned_to = $4) and (not $5::boolean or c.assigned_to is null)`,
      [
        brandScope ?? input.brand ?? null,
        input.bucket ?? null,
        input.status ?? null,
        unassigned ? null : (input.assignedTo ?? null),
        unassigned,
      ],
      'c.next_action_on nulls last, c.days_past_due desc, c.case_id',
      input,
    );
  }

  async board(brand: string | undefined, brandScope: string | null): Promise<CaseBoard> {
    if (brandScope && brand && brand !== brandScope) throw new AppError('BRAND_OUT_OF_SCOPE');
    const { db } = this.deps;
    const scope = brandScope ?? brand ?? null;
    const today = manilaDay(this.now());
    const cells = await db.query<{ bucket: CaseBucket; status: CaseStatus; n: number | string }>(
      `select bucket, status, count(*) as n from collection_cases
       where status <> 'closed' and ($1::text is null or package_name = $1) group by bucket, status`,
      [scope],
    );
    const [unassigned] = await db.query<{ n: number | string }>(
      `select count(*) as n from collection_cases
       where status <> 'closed' and assigned_to is null and ($1::text is null or package_name = $1)`,
      [scope],
    );
    const agents = await db.query<DbRow>(
      `select s.staff_id, s.name, count(c.case_id) as open_cases,
         count(c.case_id) filter (where c.next_action_on <= $2::date) as due_today,
         coalesce(sum(${OWED_NOW}), 0) as owed
       from staff s left join collection_cases c on c.assigned_to = s.staff_id and c.status <> 'closed'
         and ($1::text is null or c.package_name = $1)
       where (s.role = 'collections' and not s.disabled) or c.case_id is not null
       group by s.staff_id, s.name order by s.name`,
      [scope, today],
    );
    return {
      cells: cells.map((c) => ({ bucket: c.bucket, status: c.status, count: Number(c.n) })),
      unassigned: Number(unassigned?.n ?? 0),
      agents: agents.map((a) => ({
        staffId: a.staff_id as string,
        name: a.name as string,
        openCases: Number(a.open_cases),
        dueToday: Number(a.due_today),
        totalDue: Number(a.owed),
      })),
      asOf: this.now().toISOString(),
    };
  }

  /** A case the member may read: an agent only her own (another's answers as not found), brand-scoped. */
  private async visible(db: Queryable, caseId: string, member: Member, lock = false): Promise<CaseState> {
    const [kase] = await db.query<CaseState>(
      `select * from collection_cases where case_id = $1${lock ? ' for update' : ''}`,
      [caseId],
    );
    if (!kase) throw new AppError('NOT_FOUND');
    if (member.brandScope && kase.package_name !== member.brandScope) throw new AppError('NOT_FOUND');
    if (member.role === 'collections' && kase.assigned_to !== member.staffId) throw new AppError('NOT_FOUND');
    return kase;
  }

  async view(caseId: string, member: Member): Promise<CaseView> {
    const { db } = this.deps;
    await this.visible(db, caseId, member);
    const [row] = await db.query<DbRow>(
      `select ${this.caseSelect(
        ', o.status as loan_status, o.principal, sc.due_date::text as due_date',
        `join loan_orders o on o.order_id = c.order_id
         left join loan_schedules sc on sc.order_id = c.order_id`,
      )}
       where c.case_id = $1`,
      [caseId],
    );
    const [base] = await this.rowsOf([row as DbRow]);
    const events = await db.query<DbRow>(
      `select e.*, s.name as staff_name, f.name as from_name, t.name as to_name
       from collection_case_events e
       left join staff s on s.staff_id = e.staff_id
       left join staff f on e.kind = 'assigned' and f.staff_id::text = e.from_value
       left join staff t on e.kind = 'assigned' and t.staff_id::text = e.to_value
       where e.case_id = $1 order by e.event_id desc`,
      [caseId],
    );
    const contacts = await db.query<DbRow>(
      `select k.*, s.name as staff_name from collection_contacts k left join staff s on s.staff_id = k.staff_id
       where k.case_id = $1 order by k.at desc, k.contact_id`,
      [caseId],
    );
    const promises = await db.query<DbRow>(
      'select * from collection_promises where case_id = $1 order by made_at desc',
      [caseId],
    );
    const r = row as DbRow;
    return {
      ...(base as CaseRow),
      loanStatus: Number(r.loan_status),
      principal: Number(r.principal),
      dueDate: dayOrNull(r.due_date),
      closedAt: isoOrNull(r.closed_at),
      closeReason: (r.close_reason as CaseView['closeReason']) ?? null,
      events: events.map(eventOf),
      contacts: contacts.map(contactOf),
      promises: promises.map(promiseOf),
      asOf: this.now().toISOString(),
    };
  }

  // ——— Working a case ———

  /** An agent's (or supervisor's) contact, logged and audited; a closed case takes no more. */
  logContact(input: LogContact, member: Member): Promise<CaseContact> {
    return this.deps.db.transaction(async (tx) => {
      const kase = await this.visible(tx, input.caseId, member, true);
      if (kase.status === 'closed') throw new AppError('CASE_CLOSED');
      const now = this.now();
      const at = input.at ? new Date(input.at) : now;
      if (at.getTime() > now.getTime() + 60_000) throw new AppError('CONTACT_IN_FUTURE');
      // A call or text that broke an MC 18 guardrail is logged all the same and its breach audited (ADR 0076).
      await auditContactBreach(tx, { ...input, at }, member);
      const logged = await logContact(tx, {
        caseId: input.caseId,
        channel: input.channel,
        direction: input.direction,
        outcome: input.outcome,
        note: input.note ?? null,
        at,
        staffId: member.staffId,
        actor: member,
      });
      if (input.nextActionOn) await this.nextAction(tx, kase, input.nextActionOn, member, null, now);
      const [row] = await tx.query<DbRow>(
        `select k.*, s.name as staff_name from collection_contacts k left join staff s on s.staff_id = k.staff_id
         where k.contact_id = $1`,
        [logged.contactId],
      );
      return contactOf(row as DbRow);
    });
  }

  setNextAction(input: { caseId: string; nextActionOn: string; note?: string | undefined }, member: Member) {
    return this.deps.db.transaction(async (tx) => {
      const kase = await this.visible(tx, input.caseId, member, true);
      if (kase.status === 'closed') throw new AppError('CASE_CLOSED');
      await this.nextAction(tx, kase, input.nextActionOn, member, input.note ?? null, this.now());
      return { ok: true as const };
    });
  }

  private async nextAction(
    tx: Queryable,
    kase: CaseState,
    day: string,
    member: Member,
    note: string | null,
    now: Date,
  ): Promise<void> {
    const today = manilaDay(now);
    if (day < today) throw new AppError('NEXT_ACTION_IN_PAST');
    if (day > addDays(today, 366)) throw new AppError('NEXT_ACTION_TOO_FAR');
    const [before] = await tx.query<{ next_action_on: unknown }>(
      'select next_action_on from collection_cases where case_id = $1',
      [kase.case_id],
    );
    const from = dayOrNull(before?.next_action_on);
    if (from === day) return;
    await tx.query('update collection_cases set next_action_on = $2, updated_at = $3 where case_id = $1', [
      kase.case_id,
      day,
      now.toISOString(),
    ]);
    await addCaseEvent(tx, kase.case_id, {
      kind: 'nextActionSet',
      from,
      to: day,
      staffId: member.staffId,
      note,
      at: now,
    });
    await recordAudit(tx, {
      at: now,
      actorId: member.staffId,
      actorEmail: member.email,
      action: 'collections.case.next-action',
      target: `collection-case:${kase.case_id}`,
      brandScope: member.brandScope,
      before: { nextActionOn: from },
      after: { nextActionOn: day },
      clientAddress: member.clientAddress ?? null,
      userAgent: member.userAgent ?? null,
    });
  }

  /** The supervisor's (re)assignment of one case or many: one event each, one audit entry. */
  assign(input: AssignCases, member: Member): Promise<{ assigned: number }> {
    return this.deps.db.transaction(async (tx) => {
      const now = this.now();
      if (input.staffId) {
        const [agent] = await tx.query<{ brand_scope: string | null }>(
          `select brand_scope from staff where staff_id = $1 and role = 'collections' and not disabled`,
          [input.staffId],
        );
        if (!agent) throw new AppError('CASE_ASSIGNEE_NOT_AGENT');
        if (agent.brand_scope) {
          const [other] = await tx.query(
            'select 1 from collection_cases where case_id = any($1::uuid[]) and package_name <> $2 limit 1',
            [input.caseIds, agent.brand_scope],
          );
          if (other) throw new AppError('CASE_ASSIGNEE_NOT_AGENT');
        }
      }
      let assigned = 0;
      const ids = [...new Set(input.caseIds)];
      for (const caseId of ids) {
        const kase = await this.visible(tx, caseId, member, true);
        if (kase.status === 'closed') throw new AppError('CASE_CLOSED');
        const moved = await assignCase(tx, caseId, input.staffId, {
          staffId: member.staffId,
          note: input.note ?? null,
          at: now,
        });
        if (moved) assigned += 1;
      }
      await recordAudit(tx, {
        at: now,
        actorId: member.staffId,
        actorEmail: member.email,
        action: 'collections.case.assign',
        target: ids.length === 1 ? `collection-case:${ids[0]}` : null,
        brandScope: member.brandScope,
        after: { caseIds: ids, staffId: input.staffId, assigned, note: input.note ?? null },
        clientAddress: member.clientAddress ?? null,
        userAgent: member.userAgent ?? null,
      });
      return { assigned };
    });
  }

  async agents(brandScope: string | null) {
    const rows = await this.deps.db.query<DbRow>(
      `select s.staff_id, s.name, s.email, s.brand_scope,
         (select count(*) from collection_cases c where c.assigned_to = s.staff_id and c.status <> 'closed') as open
       from staff s where s.role = 'collections' and not s.disabled
         and ($1::text is null or s.brand_scope is null or s.brand_scope = $1)
       order by s.name`,
      [brandScope],
    );
    return {
      items: rows.map((r) => ({
        staffId: r.staff_id as string,
        name: r.name as string,
        email: r.email as string,
        brandScope: (r.brand_scope as string | null) ?? null,
        openCases: Number(r.open),
      })),
    };
  }

  rules(brandScope: string | null) {
    return listRules(this.deps.db, brandScope).then((items) => ({ items }));
  }

  saveRule(input: Parameters<typeof saveRule>[1], member: Member) {
    return this.deps.db.transaction((tx) => saveRule(tx, input, member, this.now()));
  }

  deleteRule(ruleId: string, member: Member) {
    return this.deps.db.transaction(async (tx) => {
      await deleteRule(tx, ruleId, member, this.now());
      return { ok: true as const };
    });
  }
}

function contactOf(row: DbRow): CaseContact {
  return {
    contactId: row.contact_id as string,
    channel: row.channel as CaseContact['channel'],
    direction: row.direction as CaseContact['direction'],
    outcome: row.outcome as CaseContact['outcome'],
    note: (row.note as string | null) ?? null,
    at: iso(row.at),
    staffName: (row.staff_name as string | null) ?? null,
    ruleId: (row.rule_id as string | null) ?? null,
  };
}

function promiseOf(row: DbRow): CasePromise {
  return {
    promiseId: row.promise_id as string,
    amount: Number(row.amount),
    promisedFor: dayOrNull(row.promised_for) as string,
    source: row.source as CasePromise['source'],
    status: row.status as CasePromise['status'],
    madeAt: iso(row.made_at),
  };
}

function eventOf(row: DbRow): CaseEvent {
  return {
    eventId: Number(row.event_id),
    kind: row.kind as CaseEvent['kind'],
    fromValue: (row.from_value as string | null) ?? null,
    toValue: (row.to_value as string | null) ?? null,
    fromName: (row.from_name as string | null) ?? null,
    toName: (row.to_name as string | null) ?? null,
    staffName: (row.staff_name as string | null) ?? null,
    note: (row.note as string | null) ?? null,
    at: iso(row.at),
  };
}
