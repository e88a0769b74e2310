import { type BorrowerReason, borrowerReasonsOf, knownReasons } from '@hiram/contract/assessment';
import { REVIEW_REJECTION_BORROWER_REASON } from '@hiram/contract/ops/applications';
import type { Queryable } from '../../db/database.ts';
import { creditPolicyInForce } from './credit-policy.ts';
import { latestDecision, reapplyOn } from './decision-records.ts';

/**
 * What a refused borrower is told (issue 21, "Every decision explained"; RA 9510 gives a borrower refused on
 * credit data the right to know why): the main reasons in plain words (the contract's `BorrowerReason`, never
 * which fraud check matched), whether a person decided, and the moment she may apply again: the start of the
 * Manila day the decision record names (the version's `assessment.reapplyAfterDays` after the refusal).
 *
 * Read from the order's latest decision record (services/risk/decision-records.ts, ADR 0069). An order refused
 * before records were kept has none: its `order_assessments` row and the policy in force at the refusal say
 * the same things, worked out the same way.
 */
export interface Refusal {
  borrowerReasons: BorrowerReason[];
  /** A reviewer refused it (a referred application), not the policy alone. */
  byReviewer: boolean;
  /**
   * When a new application is accepted again: midnight in Manila of the day she is told, or when a person who
   * reviewed the refusal let her apply again (`waived`), if that came first.
   */
  reapplyAt: Date;
  waived: { at: Date; reason: string; staffEmail: string | null } | null;
}

/** Midnight in Manila (UTC+8, no daylight saving) of a YYYY-MM-DD day. */
function startOfManilaDay(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

/** The refusal of a rejected order; `rejectedAt` (its last change) stands in for a record it lacks. */
export async function refusalOf(
  db: Queryable,
  order: { orderId: string; packageName: string; rejectedAt: Date },
): Promise<Refusal> {
  const decided = await decidedRefusal(db, order);
  const [waiver] = await db.query<{ at: Date | string; reason: string; staff_email: string | null }>(
    'select at, reason, staff_email from reapply_waivers where order_id = $1',
    [order.orderId],
  );
  if (!waiver) return { ...decided, waived: null };
  const waived = { at: new Date(waiver.at), reason: waiver.reason, staffEmail: waiver.staff_email };
  return {
    ...decided,
    waived,
    reapplyAt: waived.at < decided.reapplyAt ? waived.at : decided.reapplyAt,
  };
}

/** The refusal as it was decided: the decision record's, or for an older order its assessment's. */
async function decidedRefusal(
  db: Queryable,
  order: { orderId: string; packageName: string; rejectedAt: Date },
): Promise<Omit<Refusal, 'waived'>> {
  const record = await latestDecision(db, order.orderId);
  if (record && record.outcome === 'reject' && record.reapplyOn)
    return {
      borrowerReasons: record.borrowerReasons,
      byReviewer: record.kind === 'reviewer',
      reapplyAt: startOfManilaDay(record.reapplyOn),
    };
  const [row] = await db.query<{
    reasons: unknown;
    review_decision: string | null;
    review_reason: string | null;
  }>('select reasons, review_decision, review_reason from order_assessments where order_id = $1', [
    order.orderId,
  ]);
  const byReviewer = row?.review_decision === 'reject';
  const reviewed = byReviewer
    ? REVIEW_REJECTION_BORROWER_REASON[row?.review_reason as keyof typeof REVIEW_REJECTION_BORROWER_REASON]
    : undefined;
  const policy = await creditPolicyInForce(db, order.packageName, order.rejectedAt);
  return {
    borrowerReasons: reviewed ? [reviewed] : borrowerReasonsOf(row ? knownReasons(row.reasons) : []),
    byReviewer,
    reapplyAt: startOfManilaDay(reapplyOn(order.rejectedAt, policy.document.assessment.reapplyAfterDays)),
  };
}
