import type { Disbursement } from '@hiram/contract/api/endpoints';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';

/** What the lending screen shows for a disbursement (SPEC sections 3 and 4). */
export type LendingView = 'start' | 'sending' | 'arrived' | 'failed' | 'notSigned' | 'nothing';

export function lendingView(disbursement: Pick<Disbursement, 'status'>): LendingView {
  switch (disbursement.status) {
    case S.getMoney:
      return 'start';
    case S.lending:
      return 'sending';
    case S.payFail:
      return 'failed';
    case S.repaying:
    case S.overdue:
    case S.finished:
    case S.writtenOff:
      return 'arrived';
    case S.confirm:
      return 'notSigned';
    default:
      return 'nothing';
  }
}

/**
 * Milliseconds left until the money is expected, never negative; 0 once it is late or there is no payout.
 * Never more than the whole wait either: a phone whose clock is behind the server's must not count down
 * 1:11 beside "usually takes 10 seconds".
 */
export function msUntilExpected(disbursement: Pick<Disbursement, 'payout'>, now: number): number {
  const payout = disbursement.payout;
  const expectedBy = payout ? Date.parse(payout.expectedBy) : Number.NaN;
  if (!payout || Number.isNaN(expectedBy)) return 0;
  const whole = expectedBy - Date.parse(payout.startedAt);
  return Math.max(0, Number.isNaN(whole) ? expectedBy - now : Math.min(expectedBy - now, whole));
}

/** `GCash ••••2222`: the account the money goes to, as the borrower recognises it. */
export function accountLabel(disbursement: Pick<Disbursement, 'payout'>): string {
  const payout = disbursement.payout;
  if (!payout) return '';
  return `${payout.bankName ?? ''} ••••${payout.accountNumberLast4}`.trim();
}

/** How long the provider says a transfer takes, in the largest whole unit that fits (rounded up). */
export function expectedDuration(
  payout: Pick<NonNullable<Disbursement['payout']>, 'startedAt' | 'expectedBy'>,
): { value: number; unit: 'second' | 'minute' | 'hour' } {
  const seconds = Math.max(
    1,
    Math.ceil((Date.parse(payout.expectedBy) - Date.parse(payout.startedAt)) / 1000),
  );
  if (seconds < 60) return { value: seconds, unit: 'second' };
  if (seconds < 2 * 3600) return { value: Math.ceil(seconds / 60), unit: 'minute' };
  return { value: Math.ceil(seconds / 3600), unit: 'hour' };
}
