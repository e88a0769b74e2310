import { VOUCHER_REVIEW_HOURS } from '@hiram/contract/api/servicing';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import {
  DUE_SOON_DAYS,
  OVERDUE_BUCKETS,
  type OverdueBucketId,
  PROOF_REJECT_REASONS,
  type ProofRejectReason,
  type ProofRow,
  QUEUES,
  type QueueCount,
  RECENT_EXTENSION_DAYS,
} from '@hiram/contract/ops/queues';
import type { StaffRole } from '@hiram/contract/ops/staff';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import { manilaDay } from '../../domain/servicing-rules.ts';
import type { Member } from '../approvals/approvals.ts';
import { recordAudit } from '../audit/audit.ts';
import { maskLastFour, maskMobile } from '../borrowers/masking.ts';
import type { ProofReview, Vouchers } from '../collections/vouchers.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { PAYOUT_FAILURE_TEXTS } from '../payouts/disbursements.ts';
import { REFUND_OF_ORDER, refundProgressOf } from '../payouts/refunds.ts';
import type { Actor } from '../staff/staff-records.ts';
import {
  BRAND,
  DAYS_PAST_DUE,
  failedPayoutLoans,
  OVERPAID_ORDERS,
  QUEUE_COUNTS,
  servicedLoans,
  UNMATCHED,
} from './queue-counts.ts';

export interface QueueDeps {
  db: Database;
  clock: Clock;
  ledger: Ledger;
  vouchers: Vouchers;
}

export interface Paging {
  page: number;
  pageSize: number;
}

export interface QueuePage<Row> {
  items: Row[];
  page: number;
  pageSize: number;
  total: number;
  asOf: string;
}

type DbRow = Record<string, unknown>;

const REVIEW_MS = VOUCHER_REVIEW_HOURS * 3600_000;

/** Who a row is about: the borrower's name as typed and the mobile masked (ADR 0027). */
const WHO = `o.user_id, o.package_name, u.mobile,
  nullif(trim(coalesce(pr.basic_info->>'firstName', '') || ' ' || coalesce(pr.basic_info->>'lastName', '')), '')
    as name`;
const JOIN_WHO = 'join users u on u.user_id = o.user_id left join profiles pr on pr.user_id = o.user_id';

function iso(value: unknown): string {
  return new Date(value as string).toISOString();
}

function isoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : iso(value);
}

function day(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 10) : (value as Date).toISOString().slice(0, 10);
}

function who(row: DbRow) {
  return {
    userId: row.user_id as string,
    packageName: row.package_name as string,
    name: (row.name as string | null) ?? null,
    mobile: maskMobile(row.mobile as string),
  };
}

/**
 * The back office's work queues (ADR 0030): the dashboard's counts and each queue's list, filtered and paged
 * in the database, brand-scoped, borrowers masked. Reading only: the one action, a proof's review, goes
 * through the proofs' own service.
 */
export class Queues {
  constructor(private readonly deps: QueueDeps) {}

  private now(): Date {
    return this.deps.clock.now();
  }

  /** Every queue the member's role may open, counted. */
  async counts(
    member: { staffId: string; role: StaffRole },
    brandScope: string | null,
  ): Promise<{ asOf: string; queues: QueueCount[] }> {
    const now = this.now();
    const today = manilaDay(now);
    const open = QUEUES.filter((queue) => (queue.roles as readonly StaffRole[]).includes(member.role));
    const queues: QueueCount[] = [];
    for (const queue of open) {
      const tally = await QUEUE_COUNTS[queue.id]({ db: this.deps.db, brandScope, now, today, member });
      queues.push({ queue: queue.id, ...tally });
    }
    return { asOf: now.toISOString(), queues };
  }

  /** A count and a page over the same `from ... where`, in the database. */
  private async page<Row>(
    input: Paging,
    query: { from: string; select: string; order: string; params: unknown[] },
    rowOf: (row: DbRow) => Row | Promise<Row>,
  ): Promise<QueuePage<Row>> {
    const { db } = this.deps;
    const [count] = await db.query<{ n: number | string }>(
      `select count(*) as n from ${query.from}`,
      query.params,
    );
    const n = query.params.length;
    const rows = await db.query<DbRow>(
      `select ${query.select} from ${query.from} order by ${query.order} limit $${n + 1} offset $${n + 2}`,
      [...query.params, input.pageSize, (input.page - 1) * input.pageSize],
    );
    const items: Row[] = [];
    for (const row of rows) items.push(await rowOf(row));
    return {
      items,
      page: input.page,
      pageSize: input.pageSize,
      total: Number(count?.n ?? 0),
      asOf: this.now().toISOString(),
    };
  }

  private async totalDue(orderId: string): Promise<number> {
    return (await this.deps.ledger.orderBalance(this.deps.db, orderId)).totalDue;
  }

  private async proofRow(row: DbRow): Promise<ProofRow> {
    const submittedAt = iso(row.submitted_at);
    const reviewDueAt = new Date(Date.parse(submittedAt) + REVIEW_MS).toISOString();
    const reason = row.reject_reason as string | null;
    return {
      voucherId: row.voucher_id as string,
      orderId: row.order_id as string,
      ...who(row),
      status: row.status as ProofRow['status'],
      amount: Number(row.amount),
      reference: (row.reference as string | null) ?? null,
      channel: (row.channel as string | null) ?? null,
      submittedAt,
      reviewDueAt,
      overdue: row.status === 'reviewing' && Date.parse(reviewDueAt) < this.now().getTime(),
      orderTotalDue: await this.totalDue(row.order_id as string),
      rejectReason:
        reason !== null && Object.hasOwn(PROOF_REJECT_REASONS, reason)
          ? PROOF_REJECT_REASONS[reason as ProofRejectReason].en
          : reason,
      reviewedAt: isoOrNull(row.reviewed_at),
      creditedAmount: row.credited_amount === null ? null : Number(row.credited_amount),
      amountReason: (row.amount_reason as string | null) ?? null,
      differentPaymentReason: (row.different_payment_reason as string | null) ?? null,
      pendingProposalId:
        row.status === 'reviewing'
          ? await this.deps.vouchers.pendingProposalOf(row.voucher_id as string)
          : null,
      needsSecondMember: Number(row.amount) > this.deps.vouchers.twoPersonAbove,
    };
  }

  private static readonly PROOFS =
    `payment_vouchers v join loan_orders o on o.order_id = v.order_id ${JOIN_WHO}`;
  private static readonly PROOF_COLUMNS =
    `v.voucher_id, v.order_id, v.status, v.amount, v.reference, v.channel,
    v.submitted_at, v.reject_reason, v.reviewed_at, v.credited_amount, v.amount_reason,
    v.different_payment_reason, ${WHO}`;

  async proofs(
    input: Paging & {
      status: 'reviewing' | 'approved' | 'rejected';
      overdueOnly?: 'true' | 'false' | undefined;
    },
    brandScope: string | null,
  ): Promise<QueuePage<ProofRow>> {
    const cutoff =
      input.overdueOnly === 'true' ? new Date(this.now().getTime() - REVIEW_MS).toISOString() : null;
    return this.page(
      input,
      {
        from: `${Queues.PROOFS} where v.status = $2 and ${BRAND}
          and ($3::timestamptz is null or v.submitted_at < $3)`,
        select: Queues.PROOF_COLUMNS,
        order:
          input.status === 'reviewing' ? 'v.submitted_at, v.voucher_id' : 'v.reviewed_at desc, v.voucher_id',
        params: [brandScope, input.status, cutoff],
      },
      (row) => this.proofRow(row),
    );
  }

  /** Reviews a proof (exactly once, audited: Vouchers.review) and answers its row as the queue shows it. */
  async reviewProof(input: ProofReview, member: Member): Promise<ProofRow> {
    await this.deps.vouchers.review(input, member);
    const [row] = await this.deps.db.query<DbRow>(
      `select ${Queues.PROOF_COLUMNS} from ${Queues.PROOFS} where v.voucher_id = $1`,
      [input.voucherId],
    );
    if (!row) throw new AppError('NOT_FOUND');
    return this.proofRow(row);
  }

  /** A receipt shows a borrower's account and name: the audit row is written before the image leaves. */
  async proofImage(voucherId: string, actor: Actor): Promise<Buffer> {
    const image = await this.deps.vouchers.image({ brandScope: actor.brandScope }, voucherId);
    if (!image) throw new AppError('NOT_FOUND');
    await this.deps.db.transaction(async (tx) => {
      const [voucher] = await tx.query<{ package_name: string | null }>(
        `select o.package_name from payment_vouchers v left join loan_orders o on o.order_id = v.order_id
         where v.voucher_id = $1`,
        [voucherId],
      );
      await recordAudit(tx, {
        at: this.deps.clock.now(),
        actorId: actor.staffId,
        actorEmail: actor.email,
        action: 'proof.view',
        target: `voucher:${voucherId}`,
        brandScope: voucher?.package_name ?? actor.brandScope,
        clientAddress: actor.clientAddress ?? null,
        userAgent: actor.userAgent ?? null,
      });
    });
    return image;
  }

  async failedPayouts(input: Paging, brandScope: string | null) {
    return this.page(
      input,
      {
        from: failedPayoutLoans(JOIN_WHO),
        select: `o.order_id, p.payout_id, p.amount, p.bank_code, p.account_number, p.failure, p.updated_at, ${WHO}`,
        order: 'p.updated_at, o.order_id',
        params: [brandScope],
      },
      (row) => ({
        orderId: row.order_id as string,
        ...who(row),
        payoutId: row.payout_id as string,
        amount: Number(row.amount),
        bankCode: row.bank_code as string,
        accountNumber: maskLastFour(row.account_number as string) ?? '',
        failure: (row.failure as string | null) ?? null,
        failureText: row.failure
          ? (PAYOUT_FAILURE_TEXTS[row.failure as keyof typeof PAYOUT_FAILURE_TEXTS]?.en ?? null)
          : null,
        failedAt: iso(row.updated_at),
      }),
    );
  }

  async paymentExceptions(
    input: Paging & { kind?: 'unmatched' | 'overpayment' | undefined },
    brandScope: string | null,
  ) {
    const overpaid = `select 'overpayment' as kind, o.order_id::text as key, o.order_id, x.owed as amount,
        null as reference, x.first_at as at, ${WHO}, r.refund_id, r.proposal_id as refund_proposal_id,
        r.state as refund_state, rp.proposal_id as pending_refund_proposal_id
      from ${OVERPAID_ORDERS} ${JOIN_WHO} ${REFUND_OF_ORDER} where ${BRAND}`;
    // An unmatched payment has no order, hence no brand: only lender-wide staff see it.
    const unmatched = `select 'unmatched' as kind, m.event_id as key, null::uuid as order_id, m.amount,
        m.instrument_id as reference, m.received_at as at, null::uuid as user_id, null::text as package_name,
        null::text as mobile, null::text as name, null::uuid as refund_id, null::uuid as refund_proposal_id,
        null::text as refund_state, null::uuid as pending_refund_proposal_id
      from ${UNMATCHED} and $1::text is null`;
    const parts = [
      input.kind !== 'unmatched' ? overpaid : null,
      input.kind !== 'overpayment' ? unmatched : null,
    ].filter(Boolean);
    return this.page(
      input,
      { from: `(${parts.join(' union all ')}) q`, select: '*', order: 'q.at, q.key', params: [brandScope] },
      (row) => ({
        kind: row.kind as 'unmatched' | 'overpayment',
        key: row.key as string,
        orderId: (row.order_id as string | null) ?? null,
        userId: (row.user_id as string | null) ?? null,
        packageName: (row.package_name as string | null) ?? null,
        name: (row.name as string | null) ?? null,
        mobile: row.mobile ? maskMobile(row.mobile as string) : null,
        amount: Number(row.amount),
        reference: (row.reference as string | null) ?? null,
        at: iso(row.at),
        refund: refundProgressOf(row),
      }),
    );
  }

  async extensions(input: Paging & { status: 'pending' | 'paid' | 'expired' }, brandScope: string | null) {
    const now = this.now();
    const since = new Date(now.getTime() - RECENT_EXTENSION_DAYS * 86_400_000).toISOString();
    // A pending order past its 24 hours is expired, whether or not a job has marked it yet.
    const which = {
      pending: {
        where: `x.status = 'pending' and x.expires_at > $2 and o.status in (${S.repaying}, ${S.overdue})`,
        params: [now.toISOString()],
      },
      paid: { where: `x.status = 'paid' and x.created_at >= $2`, params: [since] },
      expired: {
        where: `(x.status = 'expired' or (x.status = 'pending' and x.expires_at <= $2)) and x.created_at >= $3`,
        params: [now.toISOString(), since],
      },
    }[input.status];
    return this.page(
      input,
      {
        from: `extension_orders x join loan_orders o on o.order_id = x.order_id ${JOIN_WHO}
          where ${which.where} and ${BRAND}`,
        select: `x.*, ${WHO}`,
        order:
          input.status === 'pending' ? 'x.created_at, x.extension_id' : 'x.created_at desc, x.extension_id',
        params: [brandScope, ...which.params],
      },
      (row) => ({
        extensionId: row.extension_id as string,
        orderId: row.order_id as string,
        ...who(row),
        status: input.status,
        fee: Number(row.fee),
        extensionDays: Number(row.extension_days),
        dueDate: day(row.due_date),
        newDueDate: day(row.new_due_date),
        createdAt: iso(row.created_at),
        expiresAt: iso(row.expires_at),
        paidAt: isoOrNull(row.paid_at),
      }),
    );
  }

  /**
   * Loans from `from` to `to` days past due (negative: before the due day; `to` null: no end), as a range
   * of due days so the index on them is used.
   */
  private async dueLoans(input: Paging, brandScope: string | null, from: number, to: number | null) {
    const today = manilaDay(this.now());
    const answer = await this.page(
      input,
      {
        from: `${servicedLoans(JOIN_WHO)}
          and s.due_date <= $2::date - $3::int and ($4::int is null or s.due_date >= $2::date - $4::int)`,
        select: `o.order_id, o.status, o.principal, s.due_date::text as due_date, ${DAYS_PAST_DUE} as days, ${WHO}`,
        order: 's.due_date, o.seq',
        params: [brandScope, today, from, to],
      },
      async (row) => ({
        orderId: row.order_id as string,
        ...who(row),
        status: Number(row.status),
        principal: Number(row.principal),
        totalDue: await this.totalDue(row.order_id as string),
        dueDate: day(row.due_date),
        daysPastDue: Number(row.days),
        reminders: [] as { kind: string; dueDate: string; sentAt: string }[],
      }),
    );
    const reminders = await this.deps.db.query<DbRow>(
      `select order_id, kind, due_date::text as due_date, sent_at from servicing_reminders
       where order_id = any($1::uuid[]) order by sent_at desc`,
      [answer.items.map((item) => item.orderId)],
    );
    for (const item of answer.items)
      item.reminders = reminders
        .filter((r) => r.order_id === item.orderId)
        .map((r) => ({ kind: r.kind as string, dueDate: day(r.due_date), sentAt: iso(r.sent_at) }));
    return answer;
  }

  dueSoon(input: Paging, brandScope: string | null) {
    return this.dueLoans(input, brandScope, -DUE_SOON_DAYS, 0);
  }

  overdue(input: Paging & { bucket?: OverdueBucketId | undefined }, brandScope: string | null) {
    const bucket = OVERDUE_BUCKETS.find((b) => b.id === input.bucket);
    return this.dueLoans(input, brandScope, bucket?.min ?? 1, bucket?.max ?? null);
  }
}
