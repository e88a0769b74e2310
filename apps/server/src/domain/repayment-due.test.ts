import type { LoanQuote } from '@hiram/contract/api/endpoints';
import { describe, expect, it } from 'vitest';
import { finalDueDate, repaymentDue } from './repayment-due.ts';

const line = (number: number, dueDay: number, total: number) => ({
  number,
  dueDay,
  principal: total,
  interest: 0,
  total,
});
const base = {
  principal: 300_000,
  tenureDays: 90,
  processingFee: 0,
  netProceeds: 300_000,
  totalInterest: 0,
  financeCharges: 0,
  totalPayable: 300_000,
  nominalMonthlyRateBps: 0,
  effectiveMonthlyRate: 0,
  effectiveYearlyRate: 0,
};
const single: LoanQuote = { ...base, schedule: [line(1, 90, 300_000)] };
const instalments: LoanQuote = {
  ...base,
  schedule: [line(1, 30, 100_000), line(2, 60, 100_000), line(3, 90, 100_000)],
};
// 23:30 in Manila on 1 March: the loan's day one is Manila's, not UTC's (1 March 15:30 UTC).
const disbursedAt = new Date('2026-03-01T15:30:00Z');

describe('repaymentDue', () => {
  it('counts due days from the Manila day of the payout', () => {
    expect(repaymentDue(single, disbursedAt, disbursedAt, false)).toEqual({
      dueDate: '2026-05-30',
      amountDue: 300_000,
    });
    expect(finalDueDate(single, disbursedAt)).toBe('2026-05-30');
  });

  it('names the next instalment of a current loan, up to its due day', () => {
    expect(repaymentDue(instalments, disbursedAt, new Date('2026-03-31T10:00:00Z'), false)).toEqual({
      dueDate: '2026-03-31',
      amountDue: 100_000,
    });
    expect(repaymentDue(instalments, disbursedAt, new Date('2026-04-01T10:00:00Z'), false)).toEqual({
      dueDate: '2026-04-30',
      amountDue: 100_000,
    });
    expect(finalDueDate(instalments, disbursedAt)).toBe('2026-05-30');
  });

  it('adds up every instalment past due of an overdue loan, from the earliest date', () => {
    expect(repaymentDue(instalments, disbursedAt, new Date('2026-05-05T10:00:00Z'), true)).toEqual({
      dueDate: '2026-03-31',
      amountDue: 200_000,
    });
  });

  it('past the last date of a loan still called current, names the last instalment', () => {
    expect(repaymentDue(single, disbursedAt, new Date('2026-07-01T00:00:00Z'), false)).toEqual({
      dueDate: '2026-05-30',
      amountDue: 300_000,
    });
  });
});
