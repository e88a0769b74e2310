import type { LoanOrder } from '@hiram/contract/api/endpoints';
import { USUAL_ASSESSMENT_MINUTES } from '@hiram/contract/loan-status';

/**
 * review_tips' countdown: an assessment usually takes 5 to 10 minutes and at most one working day
 * (SPEC section 4). The countdown runs to the usual end; past it, the screen says the longer wait plainly.
 */
export const USUAL_ASSESSMENT_MS = USUAL_ASSESSMENT_MINUTES * 60_000;

/** When the wait began: the submit (the last status change of a submitted, still-applying order), else creation. */
export function assessmentStartedAt(order: Pick<LoanOrder, 'submitted' | 'createdAt' | 'updatedAt'>): number {
  return Date.parse(order.submitted ? order.updatedAt : order.createdAt);
}

/** Milliseconds left of the usual wait, never negative. */
export function usualWaitLeftMs(startedAt: number, now: number): number {
  return Math.max(0, startedAt + USUAL_ASSESSMENT_MS - now);
}

export { formatCountdown } from '../../lib/countdown.ts';
