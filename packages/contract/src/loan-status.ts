/**
 * Loan order statuses as numbers on the wire (SPEC section 3). `writtenOff` (20) is ours, not the spec's
 * (docs/decisions/0053-written-off-status.md): the lender wrote the loan off, the borrower still owes it.
 */
export const LOAN_ORDER_STATUS = {
  applying: 1,
  repaying: 2,
  overdue: 3,
  finished: 4,
  bindCard: 5,
  basicInfo: 6,
  lending: 7,
  cancelled: 8,
  rejected: 9,
  payFail: 10,
  addition: 11,
  identityOcr: 12,
  confirm: 14,
  validation: 16,
  question: 17,
  getMoney: 18,
  finishLoading: 19,
  writtenOff: 20,
} as const;

export type LoanOrderStatusName = keyof typeof LOAN_ORDER_STATUS;
export type LoanOrderStatusCode = (typeof LOAN_ORDER_STATUS)[LoanOrderStatusName];

export function loanOrderStatusName(code: number): LoanOrderStatusName | undefined {
  return (Object.keys(LOAN_ORDER_STATUS) as LoanOrderStatusName[]).find(
    (name) => LOAN_ORDER_STATUS[name] === code,
  );
}

/** The states of the Home card (SPEC sections 3 and 4). */
export const HOME_STATES = [
  'canLoan',
  'assessing',
  'success',
  'rejected',
  'failed',
  'lending',
  'repaying',
  'overdue',
  // Ours (ADR 0053): what is still owed on a written-off loan and how to pay it; no new loan until then.
  'writtenOff',
] as const;
export type HomeState = (typeof HOME_STATES)[number];

/** An assessment usually answers within this many minutes of submit (SPEC section 4: 5 to 10 minutes). */
export const USUAL_ASSESSMENT_MINUTES = 10;

/** The label a Records row shows for an order (SPEC section 3). */
export const ORDER_STATUS_LABELS = [
  'assessing',
  'repaying',
  'overdue',
  'finished',
  'addingCard',
  'incomplete',
  'disbursing',
  'cancelled',
  'rejected',
  'failed',
  'writtenOff',
] as const;
export type OrderStatusLabel = (typeof ORDER_STATUS_LABELS)[number];

export function orderStatusLabel(code: number): OrderStatusLabel {
  switch (loanOrderStatusName(code)) {
    case 'applying':
      return 'assessing';
    case 'repaying':
      return 'repaying';
    case 'overdue':
      return 'overdue';
    case 'finished':
      return 'finished';
    case 'bindCard':
      return 'addingCard';
    case 'lending':
    case 'getMoney':
    case 'finishLoading':
      return 'disbursing';
    case 'cancelled':
      return 'cancelled';
    case 'rejected':
      return 'rejected';
    case 'payFail':
      return 'failed';
    case 'writtenOff':
      return 'writtenOff';
    default:
      return 'incomplete';
  }
}

/**
 * Orders in these statuses are over: Records shows them under Finished. A written-off loan is not: the
 * borrower still owes it (ADR 0053), and the database's one-open-loan index counts it as open.
 */
export const CLOSED_STATUSES: readonly number[] = [
  LOAN_ORDER_STATUS.finished,
  LOAN_ORDER_STATUS.cancelled,
  LOAN_ORDER_STATUS.rejected,
];
