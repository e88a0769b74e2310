import type { LoanOrder } from '@hiram/contract/api/endpoints';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { describe, expect, it } from 'vitest';
import type { LatestOrder } from './api/get-latest-order.ts';
import { HOME_REFRESH_MS, homeCardOf } from './loan-state.ts';

const order = (status: number, submitted = true): LoanOrder => ({
  orderId: 'o-1',
  status,
  label: 'assessing',
  productId: 'p1',
  amount: 300_000,
  tenureDays: 91,
  quote: {
    principal: 300_000,
    tenureDays: 91,
    processingFee: 9_000,
    netProceeds: 291_000,
    schedule: [{ number: 1, dueDay: 91, principal: 300_000, interest: 27_300, total: 327_300 }],
    totalInterest: 27_300,
    financeCharges: 36_300,
    totalPayable: 327_300,
    nominalMonthlyRateBps: 300,
    effectiveMonthlyRate: 0.04,
    effectiveYearlyRate: 0.6,
  },
  submitted,
  createdAt: '2026-03-01T01:00:00.000Z',
  updatedAt: '2026-03-01T01:00:00.000Z',
});

const latest = (homeState: LatestOrder['homeState'], o: LoanOrder | null, extra: Partial<LatestOrder> = {}) =>
  ({
    order: o,
    homeState,
    canApplyAgainAt: null,
    assessmentDueAt: null,
    dueDate: null,
    amountDue: null,
    ...extra,
  }) satisfies LatestOrder;

describe('homeCardOf', () => {
  it('shows the offer when nothing is going on', () => {
    expect(homeCardOf(latest('canLoan', null))).toBeNull();
    // A finished loan, or a rejection 30 days old: the server says canLoan, Home offers a new loan.
    expect(homeCardOf(latest('canLoan', order(S.finished)))).toBeNull();
    expect(homeCardOf(latest('canLoan', order(S.rejected)))).toBeNull();
  });

  it('counts down to the end of the usual wait while assessing, and links to review_tips', () => {
    const card = homeCardOf(
      latest('assessing', order(S.applying), { assessmentDueAt: '2026-03-01T01:10:00.000Z' }),
    );
    expect(card).toEqual({
      kind: 'assessing',
      figure: { kind: 'countdown', until: Date.parse('2026-03-01T01:10:00.000Z') },
      dueDate: null,
      actionHref: '/auth/review_tips',
      refreshMs: HOME_REFRESH_MS,
    });
  });

  it('sends an order never submitted back to finish_loading', () => {
    expect(homeCardOf(latest('assessing', order(S.applying, false)))).toMatchObject({
      kind: 'notSubmitted',
      actionHref: '/finish_loading?orderId=o-1',
      refreshMs: null,
    });
  });

  it('approved: the net proceeds and Get money to confirm_borrow', () => {
    expect(homeCardOf(latest('success', order(S.confirm)))).toMatchObject({
      kind: 'success',
      figure: { kind: 'amount', centavos: 291_000 },
      actionHref: '/borrow/confirm_borrow?orderId=o-1',
    });
  });

  it('rejected: the date a new application is possible, and nothing to tap', () => {
    expect(
      homeCardOf(latest('rejected', order(S.rejected), { canApplyAgainAt: '2026-03-31T01:00:00.000Z' })),
    ).toEqual({
      kind: 'rejected',
      figure: { kind: 'date', iso: '2026-03-31T01:00:00.000Z' },
      dueDate: null,
      actionHref: null,
      refreshMs: null,
    });
  });

  it('a failed payout asks to change the bank account', () => {
    expect(homeCardOf(latest('failed', order(S.payFail)))).toMatchObject({
      kind: 'failed',
      figure: null,
      actionHref: '/add_bankcard?orderId=o-1',
    });
  });

  it('lending: the amount on its way, the lending screen, refreshed until it arrives', () => {
    expect(homeCardOf(latest('lending', order(S.lending)))).toMatchObject({
      kind: 'lending',
      figure: { kind: 'amount', centavos: 291_000 },
      actionHref: '/borrow/lending?orderId=o-1',
      refreshMs: HOME_REFRESH_MS,
    });
  });

  it.each([
    ['repaying', S.repaying],
    ['overdue', S.overdue],
  ] as const)('%s: the amount due, its date and repay_detail', (homeState, status) => {
    expect(
      homeCardOf(latest(homeState, order(status), { dueDate: '2026-05-31', amountDue: 327_300 })),
    ).toEqual({
      kind: homeState,
      figure: { kind: 'amount', centavos: 327_300 },
      dueDate: '2026-05-31',
      actionHref: '/repay/repay_detail?orderNo=o-1',
      refreshMs: null,
    });
  });
});
