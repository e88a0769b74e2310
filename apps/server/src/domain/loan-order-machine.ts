import {
  CLOSED_STATUSES,
  type HomeState,
  LOAN_ORDER_STATUS,
  type LoanOrderStatusCode,
} from '@hiram/contract/loan-status';

/**
 * The loan order's life as data (SPEC sections 3 and 4): which event moves an order from which status to
 * which. Anything not listed is refused and changes nothing, so signing before approval, disbursing before
 * signing and a second disbursement cannot happen whatever the caller does.
 */

const S = LOAN_ORDER_STATUS;

export const LOAN_ORDER_EVENTS = [
  'approve',
  'reject',
  'sign',
  'disburse',
  'payoutSucceeded',
  'payoutFailed',
  'accountChanged',
  'retryPayout',
  'fallOverdue',
  'extend',
  'repayInFull',
  'cancel',
  'paymentReversed',
  'writeOff',
  'coolOff',
  'cancelUnpaid',
  'recoverInFull',
  'restructure',
] as const;
export type LoanOrderEvent = (typeof LOAN_ORDER_EVENTS)[number];

/** The application steps an order could still be at: nothing was submitted, so it may be cancelled. */
const BEFORE_APPLYING: readonly LoanOrderStatusCode[] = [
  S.basicInfo,
  S.addition,
  S.identityOcr,
  S.question,
  S.bindCard,
  S.validation,
];

export interface Transition {
  from: LoanOrderStatusCode;
  event: LoanOrderEvent;
  to: LoanOrderStatusCode;
}

export const LOAN_ORDER_TRANSITIONS: readonly Transition[] = [
  { from: S.applying, event: 'approve', to: S.confirm },
  { from: S.applying, event: 'reject', to: S.rejected },
  { from: S.confirm, event: 'sign', to: S.getMoney },
  { from: S.getMoney, event: 'disburse', to: S.lending },
  { from: S.lending, event: 'payoutSucceeded', to: S.repaying },
  { from: S.lending, event: 'payoutFailed', to: S.payFail },
  // The borrower changed the account after a failed payout: the payout is tried again.
  { from: S.payFail, event: 'accountChanged', to: S.lending },
  // Staff sent the failed payout again to the same account (the back office's retry, finance or admin).
  { from: S.payFail, event: 'retryPayout', to: S.lending },
  { from: S.repaying, event: 'fallOverdue', to: S.overdue },
  { from: S.repaying, event: 'repayInFull', to: S.finished },
  // A paid extension moves the due date: the loan is current again.
  { from: S.overdue, event: 'extend', to: S.repaying },
  // A restructure the borrower signed (ADR 0077): a new schedule, due from now on, so the loan is current again.
  { from: S.overdue, event: 'restructure', to: S.repaying },
  { from: S.overdue, event: 'repayInFull', to: S.finished },
  // A credited payment taken back (chargeback, ADR 0028): a paid loan is owed again. The caller moves it on
  // to overdue when its due date has passed.
  { from: S.finished, event: 'paymentReversed', to: S.repaying },
  // Written off under maker-checker (ADR 0028): the lender's books take the loss, but the borrower still owes
  // it (ADR 0053); payments after it are recoveries, and one that settles what was written off ends the loan.
  { from: S.repaying, event: 'writeOff', to: S.writtenOff },
  { from: S.overdue, event: 'writeOff', to: S.writtenOff },
  { from: S.writtenOff, event: 'recoverInFull', to: S.finished },
  // Cancelled in the cooling-off period (ADR 0038): the money received was paid back; nothing is owed.
  { from: S.repaying, event: 'coolOff', to: S.cancelled },
  { from: S.overdue, event: 'coolOff', to: S.cancelled },
  // A loan whose payout never succeeded, cancelled under maker-checker (ADR 0054): nothing was paid out.
  { from: S.payFail, event: 'cancelUnpaid', to: S.cancelled },
  ...BEFORE_APPLYING.map((from) => ({ from, event: 'cancel' as const, to: S.cancelled })),
  // Applying is cancellable only until the order is submitted (see `transition`'s context).
  { from: S.applying, event: 'cancel', to: S.cancelled },
];

export type Refusal = 'notAllowed' | 'alreadySubmitted';
export type TransitionResult = { ok: true; to: LoanOrderStatusCode } | { ok: false; refusal: Refusal };

export interface TransitionContext {
  /** The borrower confirmed the order (submitOrder): no cancellation after submit (SPEC). */
  submitted?: boolean;
}

export function transition(
  from: number,
  event: LoanOrderEvent,
  context: TransitionContext = {},
): TransitionResult {
  const found = LOAN_ORDER_TRANSITIONS.find((t) => t.from === from && t.event === event);
  if (!found) return { ok: false, refusal: 'notAllowed' };
  if (event === 'cancel' && from === S.applying && context.submitted)
    return { ok: false, refusal: 'alreadySubmitted' };
  return { ok: true, to: found.to };
}

/** Statuses with no way out: the borrower may apply again (after a rejection, once the wait is over). */
export function isClosed(status: number): boolean {
  return CLOSED_STATUSES.includes(status);
}

/** SPEC section 9: a rejected borrower may apply again 30 days after the rejection. */
export const REJECTION_RETRY_DAYS = 30;

export function retryDateAfterRejection(rejectedAt: Date): Date {
  return new Date(rejectedAt.getTime() + REJECTION_RETRY_DAYS * 24 * 60 * 60 * 1000);
}

/** The Home card for the borrower's latest order (SPEC sections 3 and 4); null means no order yet. */
/**
 * `reapplyAt`: when a rejected order's borrower may apply again, as the policy in force at the rejection says
 * (services/risk/refusal.ts); without it, SPEC section 9's 30 days.
 */
export function homeStateOf(
  latest: { status: number; updatedAt: Date; reapplyAt?: Date | undefined } | null,
  now: Date,
): HomeState {
  if (!latest) return 'canLoan';
  switch (latest.status) {
    case S.applying:
      return 'assessing';
    case S.confirm:
    case S.getMoney:
      return 'success';
    case S.rejected:
      return now < (latest.reapplyAt ?? retryDateAfterRejection(latest.updatedAt)) ? 'rejected' : 'canLoan';
    case S.payFail:
      return 'failed';
    case S.lending:
      return 'lending';
    case S.repaying:
      return 'repaying';
    case S.overdue:
      return 'overdue';
    case S.writtenOff:
      return 'writtenOff';
    default:
      return 'canLoan';
  }
}
