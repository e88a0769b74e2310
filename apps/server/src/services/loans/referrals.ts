import type { LoanQuote } from '@hiram/contract/api/endpoints';
import { knownReasons } from '@hiram/contract/assessment';
import { formatPeso } from '@hiram/contract/money';
import {
  type ApplicationReview,
  REVIEW_REJECTION_BORROWER_REASON,
  type ReferredApplication,
  type ReviewDecision,
  type ReviewReason,
  reviewReasonFits,
} from '@hiram/contract/ops/applications';
import { allowedAmounts, quoteLoan } from '@hiram/contract/pricing';
import { manilaToday, parseBirthday } from '@hiram/contract/profile';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import { ageOn } from '../../domain/assessment-policy.ts';
import type { Clock } from '../../domain/clock.ts';
import { orderProduct, termsOf } from '../../domain/products.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import { recordAudit } from '../audit/audit.ts';
import { nameOf, text } from '../borrowers/borrowers.ts';
import { maskMobile } from '../borrowers/masking.ts';
import { noticeBorrower } from '../inbox/borrower-notices.ts';
import type { CreditLines } from '../risk/credit-lines.ts';
import { decisionsOf, reapplyOn, recordDecision } from '../risk/decision-records.ts';
import { creditPolicyVersion } from '../risk/policy-choice.ts';
import type { Actor } from '../staff/staff-records.ts';
import type { LoanOrders } from './loan-orders.ts';
import { type ReviewColumns, reviewRecordOf } from './review-record.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A referred order no reviewer has decided yet; `$1` is the brand scope (null: every brand). */
const WAITING = `a.outcome = 'refer' and a.reviewed_at is null and ($1::text is null or a.package_name = $1)`;

interface ReferralRow extends ReviewColumns {
  order_id: string;
  user_id: string;
  package_name: string;
  outcome: 'approve' | 'refer' | 'reject';
  reasons: unknown;
  assessed_at: Date | string;
  principal: string | number;
  tenure_days: number;
  quote: LoanQuote | string;
  status: number;
  mobile: string;
  basic_info: Record<string, unknown> | null;
}

const REFERRAL_COLUMNS = `a.order_id, a.user_id, a.package_name, a.outcome, a.reasons, a.assessed_at, o.principal,
  o.tenure_days, o.quote, o.status, u.mobile, p.basic_info, a.review_decision, a.review_reason, a.review_note,
  a.reviewer_email, a.reviewed_at, a.review_amount`;
const REFERRAL_FROM = `order_assessments a join loan_orders o on o.order_id = a.order_id
  join users u on u.user_id = a.user_id left join profiles p on p.user_id = a.user_id`;

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

/** How many referred applications wait for a reviewer: the dashboard's count (brand-scoped like the queue). */
export async function referredApplicationCount(db: Queryable, brandScope: string | null): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from order_assessments a where ${WAITING}`,
    [brandScope],
  );
  return row?.n ?? 0;
}

/**
 * Applications the assessment referred to a person (ADR 0031): the queue, one application as the reviewer
 * sees it, and the decision. The decision moves the order through the same machine as the assessment, in the
 * transaction whose UPDATE claims the referral (`reviewed_at is null`): one reviewer wins, the other hears
 * 40995; the borrower then sees the approval or rejection exactly as an automatic one.
 */
export class Referrals {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly loanOrders: LoanOrders,
    private readonly jobs: Jobs,
    private readonly creditLines: CreditLines,
  ) {}

  async list(
    input: { page: number; pageSize: number },
    brandScope: string | null,
  ): Promise<{ items: ReferredApplication[]; page: number; pageSize: number; total: number }> {
    const total = await referredApplicationCount(this.db, brandScope);
    const rows = await this.db.query<ReferralRow>(
      `select ${REFERRAL_COLUMNS} from ${REFERRAL_FROM} where ${WAITING}
       order by a.assessed_at, a.order_id limit $2 offset $3`,
      [brandScope, input.pageSize, (input.page - 1) * input.pageSize],
    );
    return { items: rows.map((row) => this.itemOf(row)), page: input.page, pageSize: input.pageSize, total };
  }

  async view(orderId: string, brandScope: string | null): Promise<ApplicationReview> {
    const row = await this.referral(this.db, orderId, brandScope);
    const [facts] = await this.db.query<{
      addition_info: Record<string, unknown> | null;
      registered_at: Date | string;
      identity_state: string | null;
      identity_failure: string | null;
      identity_updated_at: Date | string | null;
      answers: Record<string, string> | null;
      earlier_loans: number;
    }>(
      `select p.addition_info, u.created_at as registered_at, i.state as identity_state,
         i.failure as identity_failure, i.updated_at as identity_updated_at, q.answers,
         (select count(*)::int from loan_orders o where o.user_id = u.user_id and o.order_id <> $2
            and o.submitted_at is not null) as earlier_loans
       from users u left join profiles p on p.user_id = u.user_id
         left join identity_checks i on i.user_id = u.user_id
         left join questionnaire_answers q on q.user_id = u.user_id
       where u.user_id = $1`,
      [row.user_id, orderId],
    );
    const record = await this.loanOrders.borrowingRecord(row.user_id);
    const line = await this.creditLines.lineOf(row.user_id);
    const principal = Number(row.principal);
    const amounts = allowedAmounts(termsOf(await orderProduct(this.db, orderId)));
    const birthday = text(row.basic_info, 'inputBirthday');
    const parsed = birthday ? parseBirthday(birthday) : null;
    const automated = (await decisionsOf(this.db, orderId)).find((record) => record.kind === 'automated');
    const answers = facts?.answers ?? {};
    return {
      application: this.itemOf(row),
      status: Number(row.status),
      borrower: {
        age: parsed ? ageOn(parsed, manilaToday(this.clock.now())) : null,
        employmentType: text(facts?.addition_info ?? null, 'employmentType'),
        monthlySalary: text(facts?.addition_info ?? null, 'monthlySalary'),
        registeredAt: iso(facts?.registered_at ?? row.assessed_at),
        earlierLoans: facts?.earlier_loans ?? 0,
        finishedLoans: record.finishedLoans,
        everOverdue: record.everOverdue,
      },
      assessment: {
        outcome: row.outcome,
        assessedAt: iso(row.assessed_at),
        decision: automated
          ? {
              policyVersion: automated.policyVersion,
              variant: automated.variant,
              rules: automated.rules,
              facts: automated.facts,
              fraudHits: automated.fraudHits,
              bureauReport: automated.bureauReport,
            }
          : null,
      },
      identity: {
        state: facts?.identity_state ?? null,
        failure: facts?.identity_failure ?? null,
        updatedAt: facts?.identity_updated_at ? iso(facts.identity_updated_at) : null,
      },
      answers: Object.entries(answers)
        .map(([code, answer]) => ({ code: Number(code), answer: String(answer) }))
        .sort((a, b) => a.code - b.code),
      review: reviewRecordOf(row),
      creditLine: { amount: line.amount, frozen: line.frozen, policyVersion: line.policyVersion },
      lowerAmounts: amounts.filter((amount) => amount < principal && amount <= line.amount),
    };
  }

  async decide(
    input: {
      orderId: string;
      decision: ReviewDecision;
      reason: ReviewReason;
      note?: string | undefined;
      amount?: number | undefined;
    },
    actor: Actor,
  ): Promise<{ orderId: string; decision: ReviewDecision; status: number; amount: number }> {
    if (!reviewReasonFits(input.decision, input.reason)) throw new AppError('REVIEW_REASON_MISMATCH');
    if (input.amount !== undefined && input.decision !== 'approve')
      throw new AppError('REVIEW_AMOUNT_WITH_REJECTION');
    const note = input.note ? input.note : null;
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const referral = await this.referral(tx, input.orderId, actor.brandScope);
      const lower = input.amount === undefined ? null : await this.lowerAmount(tx, referral, input.amount);
      const [claimed] = await tx.query(
        `update order_assessments set review_decision = $2, review_reason = $3, review_note = $4,
           reviewer_id = $5, reviewer_email = $6, reviewed_at = $7, review_amount = $8
         where order_id = $1 and outcome = 'refer' and reviewed_at is null returning order_id`,
        [
          input.orderId,
          input.decision,
          input.reason,
          note,
          actor.staffId,
          actor.email,
          now.toISOString(),
          lower?.amount ?? null,
        ],
      );
      // Another reviewer decided first (on PostgreSQL this UPDATE waited for their commit, then found none).
      if (!claimed) throw new AppError('APPLICATION_ALREADY_DECIDED');
      // Priced again at the lower amount before the approval: what she is shown and signs is the new quote.
      if (lower)
        await tx.query(
          'update loan_orders set principal = $2, quote = $3, updated_at = $4 where order_id = $1',
          [input.orderId, lower.amount, JSON.stringify(lower.quote), now.toISOString()],
        );
      const order = await this.loanOrders.moveIn(tx, input.orderId, input.decision, {
        reason: `review: ${input.reason}`,
      });
      await this.recordReview(tx, input, { note, amount: lower?.amount ?? null, at: now, by: actor.staffId });
      await noticeBorrower(
        tx,
        { clock: this.clock, jobs: this.jobs },
        {
          orderId: input.orderId,
          kind: lower
            ? 'applicationApprovedLower'
            : input.decision === 'approve'
              ? 'applicationApproved'
              : 'applicationRejected',
          amount: lower?.amount,
        },
      );
      await recordAudit(tx, {
        at: now,
        actorId: actor.staffId,
        actorEmail: actor.email,
        action: 'application.decide',
        target: `order:${input.orderId}`,
        brandScope: referral.package_name,
        before: {
          status: Number(referral.status),
          outcome: 'refer',
          reasons: knownReasons(referral.reasons),
          ...(lower ? { principal: Number(referral.principal) } : {}),
        },
        // The note may name people: the audit row says there was one, the application keeps it.
        after: {
          status: order.status,
          decision: input.decision,
          reason: input.reason,
          note: note !== null,
          ...(lower ? { principal: lower.amount } : {}),
        },
        clientAddress: actor.clientAddress ?? null,
        userAgent: actor.userAgent ?? null,
      });
      return { orderId: input.orderId, decision: input.decision, status: order.status, amount: order.amount };
    });
  }

  /**
   * The reviewer's decision record (ADR 0069): the facts, version and rule results of the automated record it
   * reviewed, the reviewer's reason, and for a rejection what the borrower is told and when she may apply again
   * (the reviewed version's wait). A referral assessed before records were kept has no facts to repeat: the
   * review is then kept on `order_assessments` and in the audit log only.
   */
  private async recordReview(
    tx: Queryable,
    input: { orderId: string; decision: ReviewDecision; reason: ReviewReason },
    review: { note: string | null; amount: number | null; at: Date; by: string | null },
  ): Promise<void> {
    const reviewed = (await decisionsOf(tx, input.orderId)).find((record) => record.kind === 'automated');
    if (!reviewed) return;
    const rejected = input.decision === 'reject';
    const wait = rejected
      ? (await creditPolicyVersion(tx, reviewed.policyVersion)).document.assessment.reapplyAfterDays
      : 0;
    await recordDecision(tx, {
      orderId: input.orderId,
      kind: 'reviewer',
      outcome: input.decision,
      policyVersion: reviewed.policyVersion,
      variant: reviewed.variant,
      facts: reviewed.facts,
      rules: reviewed.rules,
      reasons: reviewed.reasons,
      borrowerReasons: rejected
        ? [REVIEW_REJECTION_BORROWER_REASON[input.reason as keyof typeof REVIEW_REJECTION_BORROWER_REASON]]
        : [],
      reapplyOn: rejected ? reapplyOn(review.at, wait) : null,
      fraudHits: reviewed.fraudHits,
      bureauReport: reviewed.bureauReport,
      decidedAt: review.at,
      decidedBy: review.by,
      review: { reason: input.reason, note: review.note, amount: review.amount },
    });
  }

  /**
   * A lower amount to approve: below the amount applied for, on the steps of the product version the order was
   * quoted on, within the borrower's credit line; with its quote, on the same terms and coupon.
   */
  private async lowerAmount(
    tx: Queryable,
    referral: ReferralRow,
    amount: number,
  ): Promise<{ amount: number; quote: LoanQuote }> {
    const principal = Number(referral.principal);
    if (amount >= principal)
      throw new AppError('REVIEW_AMOUNT_NOT_LOWER', { values: { amount: formatPeso(principal) } });
    const terms = termsOf(await orderProduct(tx, referral.order_id));
    if (!allowedAmounts(terms).includes(amount))
      throw new AppError('REVIEW_AMOUNT_OFF_STEPS', {
        values: { min: formatPeso(terms.minAmount), step: formatPeso(terms.amountStep) },
      });
    const line = await this.creditLines.lineIn(tx, referral.user_id);
    if (amount > line.amount)
      throw new AppError('REVIEW_AMOUNT_ABOVE_LINE', { values: { line: formatPeso(line.amount) } });
    const applied: LoanQuote =
      typeof referral.quote === 'string' ? JSON.parse(referral.quote) : referral.quote;
    // The rate the order was quoted at (the product's version), and the coupon it took, as signing reads them.
    const quote = quoteLoan(
      { ...terms, monthlyInterestBps: applied.nominalMonthlyRateBps },
      amount,
      Number(referral.tenure_days),
      { discount: applied.feeDiscount },
    );
    return { amount, quote };
  }

  /** A referred order (decided or not) of the member's brand; anything else answers NOT_FOUND. */
  private async referral(db: Queryable, orderId: string, brandScope: string | null): Promise<ReferralRow> {
    if (!UUID.test(orderId)) throw new AppError('NOT_FOUND');
    const [row] = await db.query<ReferralRow>(
      `select ${REFERRAL_COLUMNS} from ${REFERRAL_FROM}
       where a.order_id = $2 and a.outcome = 'refer' and ($1::text is null or a.package_name = $1)`,
      [brandScope, orderId],
    );
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private itemOf(row: ReferralRow): ReferredApplication {
    const referredAt = new Date(row.assessed_at);
    return {
      orderId: row.order_id,
      userId: row.user_id,
      packageName: row.package_name,
      name: nameOf(row.basic_info),
      mobile: maskMobile(row.mobile),
      principal: Number(row.principal),
      tenureDays: Number(row.tenure_days),
      referredAt: referredAt.toISOString(),
      ageMinutes: Math.max(0, Math.floor((this.clock.now().getTime() - referredAt.getTime()) / 60_000)),
      reasons: knownReasons(row.reasons),
    };
  }
}
