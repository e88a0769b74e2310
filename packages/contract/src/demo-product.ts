import type { LoanTerms } from './pricing.ts';

const PESO = 100;

/**
 * The demo product of GUIDE section 5, seeded with the default brand and used by tests that need a real
 * product: ₱1,000 to ₱10,000 in ₱500 steps, 91 or 120 days, 3% a month nominal, a 3% processing fee,
 * 0.1% a day penalty on the overdue amount, and a 30-day extension priced as the interest it adds.
 */
export const DEMO_LOAN_TERMS: LoanTerms = {
  minAmount: 1_000 * PESO,
  maxAmount: 10_000 * PESO,
  amountStep: 500 * PESO,
  tenureDays: [91, 120],
  interestMethod: 'single',
  monthlyInterestBps: 300,
  processingFeeBps: 300,
  dailyPenaltyBps: 10,
  extensionDays: 30,
  extensionFeeBps: 300,
};
