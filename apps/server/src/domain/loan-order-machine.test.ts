import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { describe, expect, it } from 'vitest';
import {
  homeStateOf,
  LOAN_ORDER_EVENTS,
  LOAN_ORDER_TRANSITIONS,
  type LoanOrderEvent,
  retryDateAfterRejection,
  transition,
} from './loan-order-machine.ts';

describe('loan order transitions', () => {
  it.each([
    [S.applying, 'approve', S.confirm],
    [S.applying, 'reject', S.rejected],
    [S.confirm, 'sign', S.getMoney],
    [S.getMoney, 'disburse', S.lending],
    [S.lending, 'payoutSucceeded', S.repaying],
    [S.lending, 'payoutFailed', S.payFail],
    [S.payFail, 'accountChanged', S.lending],
    [S.payFail, 'cancelUnpaid', S.cancelled],
    [S.repaying, 'fallOverdue', S.overdue],
    [S.repaying, 'repayInFull', S.finished],
    [S.overdue, 'extend', S.repaying],
    [S.overdue, 'repayInFull', S.finished],
    [S.finished, 'paymentReversed', S.repaying],
    [S.repaying, 'writeOff', S.writtenOff],
    [S.overdue, 'writeOff', S.writtenOff],
    [S.writtenOff, 'recoverInFull', S.finished],
    [S.applying, 'cancel', S.cancelled],
    [S.basicInfo, 'cancel', S.cancelled],
    [S.bindCard, 'cancel', S.cancelled],
  ] as const)('%i --%s--> %i', (from, event, to) => {
    expect(transition(from, event)).toEqual({ ok: true, to });
  });

  it('allows exactly the listed transitions', () => {
    for (const t of LOAN_ORDER_TRANSITIONS) expect(transition(t.from, t.event).ok).toBe(true);
    const allowed = new Set(LOAN_ORDER_TRANSITIONS.map((t) => `${t.from}:${t.event}`));
    for (const from of Object.values(S))
      for (const event of LOAN_ORDER_EVENTS)
        if (!allowed.has(`${from}:${event}`))
          expect(transition(from, event), `${from} ${event}`).toEqual({ ok: false, refusal: 'notAllowed' });
  });

  it.each([
    ['signing before approval', S.applying, 'sign'],
    ['disbursing before signing', S.confirm, 'disburse'],
    ['disbursing an approved order not yet signed', S.applying, 'disburse'],
    ['a second disbursement', S.lending, 'disburse'],
    ['a disbursement of a repaying loan', S.repaying, 'disburse'],
    ['approving twice', S.confirm, 'approve'],
    ['approving a rejected order', S.rejected, 'approve'],
    ['cancelling an approved order', S.confirm, 'cancel'],
    ['cancelling a disbursing loan', S.lending, 'cancel'],
    ['anything on a finished loan', S.finished, 'repayInFull'],
    ['writing off a finished loan', S.finished, 'writeOff'],
    ['writing off a loan not paid out', S.lending, 'writeOff'],
    ['writing off a written-off loan', S.writtenOff, 'writeOff'],
    ['repaying a written-off loan as if it were open', S.writtenOff, 'repayInFull'],
    ['a written-off loan falling overdue again', S.writtenOff, 'fallOverdue'],
    ['reopening a cancelled order', S.cancelled, 'approve'],
    ['cancelling as unpaid a loan whose payout is under way', S.lending, 'cancelUnpaid'],
    ['cancelling as unpaid a loan paid out', S.repaying, 'cancelUnpaid'],
    ['an unknown status', 999, 'approve'],
  ] as [string, number, LoanOrderEvent][])('refuses %s', (_name, from, event) => {
    expect(transition(from, event)).toEqual({ ok: false, refusal: 'notAllowed' });
  });

  it('refuses to cancel after submit', () => {
    expect(transition(S.applying, 'cancel', { submitted: true })).toEqual({
      ok: false,
      refusal: 'alreadySubmitted',
    });
  });
});

describe('the Home state of the latest order', () => {
  const now = new Date('2026-03-10T00:00:00Z');
  const at = (status: number, updatedAt = now) => homeStateOf({ status, updatedAt }, now);

  it.each([
    [S.applying, 'assessing'],
    [S.confirm, 'success'],
    [S.getMoney, 'success'],
    [S.rejected, 'rejected'],
    [S.payFail, 'failed'],
    [S.lending, 'lending'],
    [S.repaying, 'repaying'],
    [S.overdue, 'overdue'],
    [S.writtenOff, 'writtenOff'],
    [S.finished, 'canLoan'],
    [S.cancelled, 'canLoan'],
  ] as const)('%i shows %s', (status, state) => {
    expect(at(status)).toBe(state);
  });

  it('shows canLoan without an order and 30 days after a rejection', () => {
    expect(homeStateOf(null, now)).toBe('canLoan');
    const rejectedAt = new Date(now.getTime() - 30 * 86_400_000);
    expect(retryDateAfterRejection(rejectedAt)).toEqual(now);
    expect(at(S.rejected, rejectedAt)).toBe('canLoan');
    expect(at(S.rejected, new Date(rejectedAt.getTime() + 1))).toBe('rejected');
  });
});
