import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { DEMO_LOAN_TERMS } from '@hiram/contract/demo-product';
import { HOME_QUERY_KEYS } from '@hiram/contract/first-paint';
import { orderStatusLabel, LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import type { LatestOrder } from './api/get-latest-order.ts';
import type { HomeCardKind } from './loan-state.ts';

/**
 * A latest-order answer for every kind of Home card: the build draws each one to pick the CSS a borrower's
 * card page carries inline (apps/web/scripts/first-paint-assets.mjs, docs/decisions/0051). A new kind of
 * card without a sample fails loan-state-samples.test.ts.
 */
const APPLIED = '2026-03-01T01:00:00.000Z';
const SENT = '2026-03-01T02:00:00.000Z';

function sample(
  homeState: LatestOrder['homeState'],
  status: number,
  extra: Partial<LatestOrder> = {},
  timeline: Partial<NonNullable<LatestOrder['timeline']>> = {},
  submitted = true,
): LatestOrder {
  return {
    order: {
      orderId: '00000000-0000-4000-8000-000000000000',
      status,
      label: orderStatusLabel(status),
      productId: 'sample',
      amount: 1_000_000,
      tenureDays: 120,
      quote: {
        principal: 1_000_000,
        tenureDays: 120,
        processingFee: 30_000,
        feeDiscount: 0,
        netProceeds: 970_000,
        schedule: [{ number: 1, dueDay: 120, principal: 1_000_000, interest: 120_000, total: 1_120_000 }],
        totalInterest: 120_000,
        financeCharges: 150_000,
        totalPayable: 1_120_000,
        nominalMonthlyRateBps: 300,
        effectiveMonthlyRate: 0.04,
        effectiveYearlyRate: 0.6,
      },
      submitted,
      createdAt: APPLIED,
      updatedAt: SENT,
    },
    homeState,
    canApplyAgainAt: null,
    borrowerReasons: [],
    refusedByPerson: false,
    assessmentDueAt: null,
    dueDate: null,
    amountDue: null,
    timeline: {
      appliedAt: APPLIED,
      approvedAt: APPLIED,
      sentAt: null,
      dueDate: null,
      paidAt: null,
      ...timeline,
    },
    ...extra,
  };
}

const lent = { sentAt: SENT, dueDate: '2026-06-29' };

export const LOAN_STATE_SAMPLES: Record<HomeCardKind, LatestOrder> = {
  notSubmitted: sample('assessing', S.applying, {}, { appliedAt: null, approvedAt: null }, false),
  // Far ahead, so the drawing shows a running countdown, not the "taking longer" hint.
  assessing: sample(
    'assessing',
    S.applying,
    { assessmentDueAt: '2099-01-01T00:00:00.000Z' },
    { approvedAt: null },
  ),
  success: sample('success', S.confirm),
  rejected: sample(
    'rejected',
    S.rejected,
    { canApplyAgainAt: '2026-04-01T01:00:00.000Z' },
    { approvedAt: null },
  ),
  lending: sample('lending', S.lending),
  failed: sample('failed', S.payFail),
  repaying: sample('repaying', S.repaying, { dueDate: lent.dueDate, amountDue: 1_120_000 }, lent),
  overdue: sample('overdue', S.overdue, { dueDate: lent.dueDate, amountDue: 1_125_000 }, lent),
  paid: sample('canLoan', S.finished, {}, { ...lent, paidAt: '2026-06-20T01:00:00.000Z' }),
  writtenOff: sample('writtenOff', S.writtenOff, { amountDue: 1_125_000 }, lent),
};

/** The offer the samples are drawn beside: the demo product of GUIDE section 5. */
const SAMPLE_OFFER: ResponseOf<'productList'> = [
  { ...DEMO_LOAN_TERMS, tenureDays: [...DEMO_LOAN_TERMS.tenureDays], productId: 'sample', name: 'Sample' },
];

/** A starter's line beside them (ADR 0068): the offer and the paid card draw it. */
const SAMPLE_CREDIT_INFO: ResponseOf<'creditInfo'> = {
  creditLimit: 3_000_00,
  firstLoan: true,
  nextLimit: 5_000_00,
  frozen: false,
  policyVersion: 1,
};

/** The answers Home is drawn from, by query key: the offer, and the latest order and line when one is given. */
export function sampleHomeQueries(
  answers: { offer?: ResponseOf<'productList'>; latest?: LatestOrder } = {},
): Record<string, unknown> {
  const queries: Record<string, unknown> = { [HOME_QUERY_KEYS.productList]: answers.offer ?? SAMPLE_OFFER };
  if (answers.latest) {
    queries[HOME_QUERY_KEYS.latestOrder] = answers.latest;
    queries[HOME_QUERY_KEYS.creditInfo] = SAMPLE_CREDIT_INFO;
  }
  return queries;
}
