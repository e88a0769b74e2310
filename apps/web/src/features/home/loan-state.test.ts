import type { LoanOrder } from '@hiram/contract/api/endpoints';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths.ts';
import type { LatestOrder } from './api/get-latest-order.ts';
import { HOME_REFRESH_MS, homeCardOf, timelineOf } from './loan-state.ts';

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
    borrowerReasons: [],
    refusedByPerson: false,
    assessmentDueAt: null,
    dueDate: null,
    amountDue: null,
    timeline: null,
    ...extra,
  }) satisfies LatestOrder;

describe('homeCardOf', () => {
  it('shows the offer when nothing is going on', () => {
    expect(homeCardOf(latest('canLoan', null))).toBeNull();
    // A cancelled loan, one finished without a payment date, or a rejection 30 days old: the offer.
    expect(homeCardOf(latest('canLoan', order(S.cancelled)))).toBeNull();
    expect(
      homeCardOf(latest('canLoan', order(S.finished), { timeline: { ...SENT, paidAt: null } })),
    ).toBeNull();
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
      timeline: null,
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

  it('rejected: the date a new application is possible, and why (review_tips)', () => {
    expect(
      homeCardOf(latest('rejected', order(S.rejected), { canApplyAgainAt: '2026-03-31T01:00:00.000Z' })),
    ).toEqual({
      kind: 'rejected',
      figure: { kind: 'date', iso: '2026-03-31T01:00:00.000Z' },
      dueDate: null,
      actionHref: paths.reviewTips.getHref(),
      refreshMs: null,
      timeline: null,
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
      timeline: null,
    });
  });

  it('a loan repaid in full: the whole timeline done, and borrow again through confirm_details', () => {
    const card = homeCardOf(latest('canLoan', order(S.finished), { timeline: PAID }));
    expect(card).toMatchObject({ kind: 'paid', actionHref: '/borrow/confirm_details' });
    expect(card?.timeline?.map((stop) => stop.state)).toEqual(['done', 'done', 'done', 'done', 'done']);
  });
});

const SENT = {
  appliedAt: '2026-03-01T01:00:00.000Z',
  approvedAt: '2026-03-01T01:08:00.000Z',
  sentAt: '2026-03-01T02:00:00.000Z',
  dueDate: '2026-05-31',
  paidAt: null,
};
const PAID = { ...SENT, paidAt: '2026-05-20T03:00:00.000Z' };

describe('timelineOf', () => {
  const states = (homeState: LatestOrder['homeState'], timeline: LatestOrder['timeline']) =>
    timelineOf(latest(homeState, order(S.repaying), { timeline }))?.map((stop) => stop.state);
  const none = { approvedAt: null, sentAt: null, dueDate: null, paidAt: null };

  it('marks what happened, the next step current, and what follows upcoming', () => {
    expect(states('assessing', { appliedAt: SENT.appliedAt, ...none })).toEqual([
      'done',
      'current',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(states('lending', { ...SENT, sentAt: null, dueDate: null })).toEqual([
      'done',
      'done',
      'current',
      'upcoming',
      'upcoming',
    ]);
    // The due date is the next step until the loan is paid, even though the date is known.
    expect(states('repaying', SENT)).toEqual(['done', 'done', 'done', 'current', 'upcoming']);
  });

  it('marks the step that went wrong late: a failed payout, a missed due date', () => {
    expect(states('failed', { ...SENT, sentAt: null, dueDate: null })).toEqual([
      'done',
      'done',
      'late',
      'upcoming',
      'upcoming',
    ]);
    expect(states('overdue', SENT)).toEqual(['done', 'done', 'done', 'late', 'upcoming']);
  });

  it('before submit, applying is the step at hand; after a rejection there is no timeline', () => {
    expect(states('assessing', { ...none, appliedAt: null })).toEqual([
      'current',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(states('rejected', { appliedAt: SENT.appliedAt, ...none })).toBeUndefined();
    expect(states('canLoan', null)).toBeUndefined();
  });

  it('carries each stop’s date', () => {
    expect(timelineOf(latest('repaying', order(S.repaying), { timeline: SENT }))?.[3]).toEqual({
      step: 'due',
      date: '2026-05-31',
      state: 'current',
    });
  });
});

describe('a written-off loan (ADR 0053)', () => {
  it('shows what is still owed and leads to how to pay it; the due step needs attention', () => {
    const card = homeCardOf(
      latest('writtenOff', order(S.writtenOff), { amountDue: 159_100, timeline: SENT }),
    );
    expect(card).toMatchObject({
      kind: 'writtenOff',
      figure: { kind: 'amount', centavos: 159_100 },
      actionHref: '/repay/repay_detail?orderNo=o-1',
      refreshMs: null,
    });
    expect(card?.timeline?.map((stop) => stop.state)).toEqual(['done', 'done', 'done', 'late', 'upcoming']);
  });
});
