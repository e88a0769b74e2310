import { describe, expect, it } from 'vitest';
import { DEMO_LOAN_TERMS } from './demo-product.ts';
import { addDays, buildDisclosure, isoDate } from './disclosure.ts';
import { quoteLoan } from './pricing.ts';
import { CHANNEL_IDS } from './repayment.ts';

const demo = DEMO_LOAN_TERMS;

const lender = {
  corporateName: 'Sample Lending Corporation',
  secRegistrationNumber: 'CS000000000',
  certificateOfAuthorityNumber: 'CA 0000',
  address: 'Makati City',
  complaintsEmail: 'support@hiram.ph',
  complaintsPhone: '+63 2 8123 4567',
};

describe('dates', () => {
  it('adds days across months and leap years', () => {
    expect(addDays({ year: 2026, month: 11, day: 21 }, 91)).toEqual({ year: 2027, month: 2, day: 20 });
    expect(addDays({ year: 2028, month: 2, day: 28 }, 1)).toEqual({ year: 2028, month: 2, day: 29 });
    expect(isoDate({ year: 2027, month: 2, day: 5 })).toBe('2027-02-05');
  });
});

describe('the Disclosure Statement', () => {
  it('states every figure of the quote it was built from', () => {
    const quote = quoteLoan(demo, 500_000, 91);
    const statement = buildDisclosure({
      repaymentChannels: CHANNEL_IDS,
      terms: demo,
      quote,
      startDate: { year: 2026, month: 11, day: 21 },
      lender,
    });
    expect(statement.principal).toBe(500_000);
    expect(statement.financeCharges).toEqual({
      interest: 45_500,
      processingFee: 15_000,
      feeDiscount: 0,
      total: 60_500,
    });
    expect(statement.netProceeds).toBe(485_000);
    expect(statement.totalPayable).toBe(545_500);
    expect(statement.schedule).toEqual([
      { number: 1, dueDate: '2027-02-20', principal: 500_000, interest: 45_500, total: 545_500 },
    ]);
    expect(statement.nominalMonthlyRatePercent).toBe('3.00');
    expect(statement.effectiveMonthlyRatePercent).toBe((quote.effectiveMonthlyRate * 100).toFixed(2));
    expect(Number(statement.effectiveMonthlyRatePercent)).toBeGreaterThan(3);
    expect(statement.penalty).toEqual({ dailyPercent: '0.10', onOverdueAmountOnly: true });
    expect(statement.totalChargesCap).toBe(500_000);
    expect(statement.prepaymentPenalty).toBe(0);
    expect(statement.lender.corporateName).toBe('Sample Lending Corporation');
  });

  it('shows a coupon taken off the fee: more is sent, the effective rate is lower', () => {
    const start = { year: 2026, month: 11, day: 21 };
    const plain = buildDisclosure({
      repaymentChannels: CHANNEL_IDS,
      terms: demo,
      quote: quoteLoan(demo, 500_000, 91),
      startDate: start,
      lender,
    });
    const statement = buildDisclosure({
      repaymentChannels: CHANNEL_IDS,
      terms: demo,
      quote: quoteLoan(demo, 500_000, 91, { discount: 10_000 }),
      startDate: start,
      lender,
    });
    expect(statement.financeCharges).toEqual({
      interest: 45_500,
      processingFee: 5_000,
      feeDiscount: 10_000,
      total: 50_500,
    });
    expect(statement.netProceeds).toBe(495_000);
    expect(statement.totalPayable).toBe(545_500);
    expect(Number(statement.effectiveYearlyRatePercent)).toBeLessThan(
      Number(plain.effectiveYearlyRatePercent),
    );
  });
});
