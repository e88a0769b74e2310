import type { ReviewDecision, ReviewRecord } from '@hiram/contract/ops/applications';

/** The review columns of `order_assessments` (migration 0023), as read by the queue and the borrower page. */
export interface ReviewColumns {
  review_decision: ReviewDecision | null;
  review_reason: string | null;
  review_note: string | null;
  reviewer_email: string | null;
  reviewed_at: Date | string | null;
  review_amount?: string | number | null;
}

/** The reviewer's decision, or null while nobody decided (or the order was never referred). */
export function reviewRecordOf(row: ReviewColumns): ReviewRecord | null {
  if (!row.review_decision || !row.reviewed_at) return null;
  return {
    decision: row.review_decision,
    approvedAmount:
      row.review_amount === null || row.review_amount === undefined ? null : Number(row.review_amount),
    reason: row.review_reason ?? '',
    note: row.review_note,
    reviewerEmail: row.reviewer_email,
    at: new Date(row.reviewed_at).toISOString(),
  };
}
