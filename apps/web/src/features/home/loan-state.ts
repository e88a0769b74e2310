import { type HomeState, LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { paths } from '../../config/paths.ts';
import type { LatestOrder } from './api/get-latest-order.ts';

/**
 * The card Home shows for the borrower's latest order (SPEC sections 3 and 4), decided from the server's
 * Home state: what it says, the one figure that matters, and the one thing to do next. Pure, so every state
 * is tested; loan-state-card.tsx draws it. `null`: nothing is going on, Home shows the loan offer.
 */
/** `paid`: the latest loan was repaid in full; the card offers to borrow again. */
export type HomeCardKind = Exclude<HomeState, 'canLoan'> | 'notSubmitted' | 'paid';

/** The milestones of a loan, in the order a borrower lives them. */
export const TIMELINE_STEPS = ['applied', 'approved', 'sent', 'due', 'paid'] as const;
export type TimelineStep = (typeof TIMELINE_STEPS)[number];

export interface TimelineStop {
  step: TimelineStep;
  /** ISO 8601 or YYYY-MM-DD: when it happened, or (due) when it must. */
  date: string | null;
  /** `late`: the current step went wrong (the payout failed, the due date passed). */
  state: 'done' | 'current' | 'late' | 'upcoming';
}

export type HomeCardFigure =
  | { kind: 'countdown'; until: number }
  | { kind: 'amount'; centavos: number }
  | { kind: 'date'; iso: string };

export interface HomeCard {
  kind: HomeCardKind;
  figure: HomeCardFigure | null;
  /** YYYY-MM-DD: when the amount is (or was) due. */
  dueDate: string | null;
  /** The primary action's href; none when there is nothing the borrower can do. */
  actionHref: string | null;
  /** Ask the server again this often while the card waits on something that happens without the borrower. */
  refreshMs: number | null;
  /** Where the loan stands (before submit, Applied is the current step); none after a rejection. */
  timeline: TimelineStop[] | null;
}

/** While an assessment or a payout is under way: often enough to see the outcome soon after it happens. */
export const HOME_REFRESH_MS = 10_000;

/**
 * The five stops with what the server knows of each. Done: it happened (due: the loan was paid). The first
 * stop not done is the current one, late when the payout failed or the due date passed.
 */
export function timelineOf(latest: LatestOrder): TimelineStop[] | null {
  const { timeline, homeState } = latest;
  if (!timeline || homeState === 'rejected') return null;
  const dates: Record<TimelineStep, string | null> = {
    applied: timeline.appliedAt,
    approved: timeline.approvedAt,
    sent: timeline.sentAt,
    due: timeline.dueDate,
    paid: timeline.paidAt,
  };
  const done = (step: TimelineStep) => (step === 'due' ? timeline.paidAt !== null : dates[step] !== null);
  const current = TIMELINE_STEPS.find((step) => !done(step));
  const late =
    (current === 'sent' && homeState === 'failed') ||
    (current === 'due' && (homeState === 'overdue' || homeState === 'writtenOff'));
  return TIMELINE_STEPS.map((step) => ({
    step,
    date: dates[step],
    state: done(step) ? 'done' : step === current ? (late ? 'late' : 'current') : 'upcoming',
  }));
}

export function homeCardOf(latest: LatestOrder): HomeCard | null {
  const { order } = latest;
  if (!order) return null;
  const orderId = order.orderId;
  const timeline = timelineOf(latest);
  const card = (
    kind: HomeCardKind,
    figure: HomeCardFigure | null,
    actionHref: string | null,
    extra: Partial<HomeCard> = {},
  ): HomeCard => ({ kind, figure, dueDate: null, actionHref, refreshMs: null, timeline, ...extra });

  if (latest.homeState === 'canLoan') {
    // Repaid in full: the loan's story, and the next one starts by re-confirming what may have changed.
    if (order.status !== LOAN_ORDER_STATUS.finished || !latest.timeline?.paidAt) return null;
    return card('paid', null, paths.confirmDetails.getHref());
  }

  switch (latest.homeState) {
    case 'assessing':
      if (!order.submitted) return card('notSubmitted', null, paths.finishLoading.getHref({ orderId }));
      return card(
        'assessing',
        latest.assessmentDueAt ? { kind: 'countdown', until: Date.parse(latest.assessmentDueAt) } : null,
        paths.reviewTips.getHref(),
        { refreshMs: HOME_REFRESH_MS },
      );
    case 'success':
      return card(
        'success',
        { kind: 'amount', centavos: order.quote.netProceeds },
        paths.confirmBorrow.getHref({ orderId }),
      );
    case 'rejected':
      // Its one action explains the decision (review_tips): the reasons and how to ask for a review.
      return card(
        'rejected',
        latest.canApplyAgainAt ? { kind: 'date', iso: latest.canApplyAgainAt } : null,
        paths.reviewTips.getHref(),
      );
    case 'failed':
      // The bank screen's change flow for this order's payout: it returns to lending once the account is verified.
      return card('failed', null, paths.addBankCard.getHref({ orderId }));
    case 'lending':
      return card(
        'lending',
        { kind: 'amount', centavos: order.quote.netProceeds },
        paths.lending.getHref({ orderId }),
        { refreshMs: HOME_REFRESH_MS },
      );
    case 'repaying':
    case 'overdue':
      return card(
        latest.homeState,
        latest.amountDue === null ? null : { kind: 'amount', centavos: latest.amountDue },
        paths.repayDetail.getHref({ orderNo: orderId }),
        { dueDate: latest.dueDate },
      );
    case 'writtenOff':
      // Written off, still owed (ADR 0053): what is left to pay, and the repayment screen says how.
      return card(
        'writtenOff',
        latest.amountDue === null ? null : { kind: 'amount', centavos: latest.amountDue },
        paths.repayDetail.getHref({ orderNo: orderId }),
      );
  }
}
