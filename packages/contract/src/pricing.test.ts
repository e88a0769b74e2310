import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_LOAN_TERMS } from './demo-product.ts';
import {
  allowedAmounts,
  BPS,
  capsInForce,
  capViolations,
  extensionFee,
  interestFor,
  LOOSEST_CAPS,
  type LoanTerms,
  PHILIPPINE_CAP_RULES,
  penaltyFor,
  quoteLoan,
  quoteViolations,
  roundHalfUp,
  STRICTEST_CAPS,
  totalChargesCap,
} from './pricing.ts';

const demo = DEMO_LOAN_TERMS;

/**
 * An independent rate: Newton's method on the same cash flows. Started at 0, left of the root of a falling,
 * convex present value, it climbs to the root without overshooting.
 */
function newtonMonthlyRate(net: number, payments: { day: number; amount: number }[]): number {
  let rate = 0;
  for (let i = 0; i < 100; i++) {
    let value = -net;
    let slope = 0;
    for (const p of payments) {
      const t = p.day / 30;
      value += p.amount * (1 + rate) ** -t;
      slope += -t * p.amount * (1 + rate) ** (-t - 1);
    }
    const next = rate - value / slope;
    if (Math.abs(next - rate) < 1e-15) return next;
    rate = next;
  }
  return rate;
}

const terms = fc.record({
  minAmount: fc.integer({ min: 1, max: 20 }).map((n) => n * 50_000),
  steps: fc.integer({ min: 0, max: 12 }),
  amountStep: fc.constantFrom(10_000, 50_000, 100_000),
  tenureDays: fc.uniqueArray(fc.integer({ min: 7, max: 365 }), { minLength: 1, maxLength: 3 }),
  interestMethod: fc.constantFrom<'single' | 'instalments'>('single', 'instalments'),
  monthlyInterestBps: fc.integer({ min: 0, max: 800 }),
  processingFeeBps: fc.integer({ min: 0, max: 2000 }),
  dailyPenaltyBps: fc.integer({ min: 0, max: 30 }),
  extensionDays: fc.constantFrom(7, 14, 30),
  extensionFeeBps: fc.integer({ min: 0, max: 600 }),
});
const toTerms = ({ steps, ...t }: { steps: number } & Omit<LoanTerms, 'maxAmount'>): LoanTerms => ({
  ...t,
  maxAmount: t.minAmount + steps * t.amountStep,
});

describe('rounding and interest', () => {
  it('rounds half up, once', () => {
    expect(roundHalfUp(5, 10)).toBe(1);
    expect(roundHalfUp(4, 10)).toBe(0);
    expect(roundHalfUp(15, 10)).toBe(2);
    expect(() => roundHalfUp(0.5, 1)).toThrow(RangeError);
  });
  it('charges simple interest for the days at the monthly rate', () => {
    // ₱5,000 at 3% a month for 91 days: ₱455.00.
    expect(interestFor(500_000, 300, 91)).toBe(45_500);
  });
});

describe('the demo product', () => {
  it('keeps every cap for every amount and tenure', () => {
    expect(capViolations(demo)).toEqual([]);
  });

  it('quotes ₱5,000 for 91 days as the FAQ says', () => {
    const quote = quoteLoan(demo, 500_000, 91);
    expect(quote.processingFee).toBe(15_000);
    expect(quote.netProceeds).toBe(485_000);
    expect(quote.totalInterest).toBe(45_500);
    expect(quote.totalPayable).toBe(545_500);
    expect(quote.financeCharges).toBe(60_500);
    const exact = (545_500 / 485_000) ** (30 / 91) - 1;
    expect(quote.effectiveMonthlyRate).toBeCloseTo(exact, 10);
    expect(quote.effectiveYearlyRate).toBeCloseTo((1 + exact) ** 12 - 1, 10);
  });

  it('over every amount, tenure and overdue day, never charges more than the principal', () => {
    for (const tenureDays of demo.tenureDays) {
      for (const amount of allowedAmounts(demo)) {
        const quote = quoteLoan(demo, amount, tenureDays);
        let charged = quote.financeCharges;
        for (let day = 1; day <= 900; day++) {
          charged += penaltyFor({
            overdueAmount: quote.totalPayable,
            dailyPenaltyBps: demo.dailyPenaltyBps,
            days: 1,
            principal: amount,
            chargedSoFar: charged,
          });
          expect(charged).toBeLessThanOrEqual(totalChargesCap(amount));
        }
        // The accrual does stop at the cap: the last days add nothing.
        expect(charged).toBe(totalChargesCap(amount));
      }
    }
  });
});

describe('the dated caps', () => {
  // A 25% fee on 3% a month for 91 days: 13.15% a month effective, legal until SEC MC 14 s.2025.
  const dear = { ...demo, processingFeeBps: 2_500 };

  it('names each rule with its circulars and effective date, oldest first', () => {
    expect(PHILIPPINE_CAP_RULES.map((rule) => [rule.effectiveFrom, rule.circulars])).toEqual([
      ['2022-03-03', ['SEC MC 3 s.2022', 'BSP Circular 1133 s.2021']],
      ['2026-04-01', ['SEC MC 14 s.2025']],
    ]);
  });

  it('lowers the effective rate cap from 15% to 12% a month for loans made from 1 April 2026', () => {
    expect(capsInForce('2026-03-31').maxMonthlyEffectiveRateBps).toBe(1_500);
    expect(capsInForce('2026-04-01').maxMonthlyEffectiveRateBps).toBe(1_200);
    for (const day of ['2026-03-31', '2026-04-01', '2030-01-01']) {
      expect(capsInForce(day)).toMatchObject({
        maxMonthlyInterestBps: 600,
        maxMonthlyPenaltyBps: 500,
        maxTotalChargesBps: 10_000,
      });
    }
    // Before the first circular there was no cap, but no loan is priced without one.
    expect(capsInForce('2020-01-01')).toBe(PHILIPPINE_CAP_RULES[0]);
    expect(() => capsInForce('1 April 2026')).toThrow(RangeError);
  });

  it('prices a loan against the caps in force on its date', () => {
    expect(capViolations(dear, capsInForce('2026-03-31'))).toEqual([]);
    expect(capViolations(dear, capsInForce('2026-04-01')).map((v) => v.kind)).toContain('effectiveRate');
    const quote = quoteLoan(dear, 500_000, 91);
    expect(quoteViolations(quote, capsInForce('2026-03-31'))).toEqual([]);
    expect(quoteViolations(quote, capsInForce('2026-04-01'))).toEqual([
      { kind: 'effectiveRate', amount: 500_000, tenureDays: 91, monthlyRate: quote.effectiveMonthlyRate },
    ]);
    // Without a date, a product is held to every rule at once.
    expect(STRICTEST_CAPS.maxMonthlyEffectiveRateBps).toBe(1_200);
    expect(capViolations(dear).map((v) => v.kind)).toContain('effectiveRate');
    expect(LOOSEST_CAPS.maxMonthlyEffectiveRateBps).toBe(1_500);
  });
});

describe('the cap guard', () => {
  it('refuses the spec leftovers: 2% a day penalty and 0.98% a day fees', () => {
    expect(capViolations({ ...demo, dailyPenaltyBps: 200 }).map((v) => v.kind)).toContain('penalty');
    // 0.98% a day for 91 days, deducted upfront: charges far above the principal's worth in effective rate.
    const kinds = capViolations({ ...demo, processingFeeBps: 8918 }).map((v) => v.kind);
    expect(kinds).toContain('effectiveRate');
    expect(capViolations({ ...demo, monthlyInterestBps: 601 }).map((v) => v.kind)).toContain(
      'nominalInterest',
    );
    expect(capViolations({ ...demo, maxAmount: 1_020_000 }).map((v) => v.kind)).toContain('shape');
  });

  it('promises every cap for every choice of a product it accepts', () => {
    fc.assert(
      fc.property(terms, (generated) => {
        const product = toTerms(generated);
        fc.pre(capViolations(product).length === 0);
        for (const tenureDays of product.tenureDays) {
          for (const amount of allowedAmounts(product)) {
            const quote = quoteLoan(product, amount, tenureDays);
            expect(quote.effectiveMonthlyRate * BPS).toBeLessThanOrEqual(
              STRICTEST_CAPS.maxMonthlyEffectiveRateBps,
            );
            expect(quote.financeCharges).toBeLessThanOrEqual(amount);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('every quote', () => {
  it('pays back the principal exactly, in whole centavos, and its rate matches an independent computation', () => {
    fc.assert(
      fc.property(
        terms,
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 2 }),
        (generated, pick, tenurePick) => {
          const product = toTerms(generated);
          const amounts = allowedAmounts(product);
          const amount = amounts[pick % amounts.length] as number;
          const tenureDays = product.tenureDays[tenurePick % product.tenureDays.length] as number;
          const quote = quoteLoan(product, amount, tenureDays);
          expect(quote.schedule.reduce((sum, line) => sum + line.principal, 0)).toBe(amount);
          for (const line of quote.schedule) {
            expect(Number.isSafeInteger(line.principal) && line.principal >= 0).toBe(true);
            expect(Number.isSafeInteger(line.interest) && line.interest >= 0).toBe(true);
            expect(line.total).toBe(line.principal + line.interest);
          }
          expect(quote.schedule.at(-1)?.dueDay).toBe(tenureDays);
          expect(quote.totalPayable).toBe(amount + quote.totalInterest);
          expect(quote.netProceeds).toBe(amount - quote.processingFee);
          if (quote.netProceeds > 0 && quote.totalPayable > quote.netProceeds) {
            const payments = quote.schedule.map((line) => ({ day: line.dueDay, amount: line.total }));
            const independent = newtonMonthlyRate(quote.netProceeds, payments);
            expect(quote.effectiveMonthlyRate).toBeCloseTo(independent, 8);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('with a coupon, takes at most the fee off it: proceeds rise, the rate falls, the caps still hold', () => {
    fc.assert(
      fc.property(
        terms,
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 50_000 }),
        (generated, pick, tenurePick, discount) => {
          const product = toTerms(generated);
          const amounts = allowedAmounts(product);
          const amount = amounts[pick % amounts.length] as number;
          const tenureDays = product.tenureDays[tenurePick % product.tenureDays.length] as number;
          const plain = quoteLoan(product, amount, tenureDays);
          const quote = quoteLoan(product, amount, tenureDays, { discount });
          expect(quote.feeDiscount).toBe(Math.min(discount, plain.processingFee));
          expect(quote.processingFee).toBe(plain.processingFee - quote.feeDiscount);
          expect(quote.processingFee).toBeGreaterThanOrEqual(0);
          expect(quote.netProceeds).toBe(amount - quote.processingFee);
          expect(quote.netProceeds).toBe(plain.netProceeds + quote.feeDiscount);
          expect(quote.financeCharges).toBe(plain.financeCharges - quote.feeDiscount);
          // The repayments do not change: the coupon only raises what reaches the borrower.
          expect(quote.schedule).toEqual(plain.schedule);
          expect(quote.totalPayable).toBe(plain.totalPayable);
          expect(quote.effectiveMonthlyRate).toBeLessThanOrEqual(plain.effectiveMonthlyRate + 1e-12);
          if (quote.netProceeds > 0 && quote.totalPayable > quote.netProceeds) {
            const payments = quote.schedule.map((line) => ({ day: line.dueDay, amount: line.total }));
            expect(quote.effectiveMonthlyRate).toBeCloseTo(newtonMonthlyRate(quote.netProceeds, payments), 8);
          }
          if (capViolations(product).length === 0) {
            expect(quote.effectiveMonthlyRate * BPS).toBeLessThanOrEqual(
              STRICTEST_CAPS.maxMonthlyEffectiveRateBps,
            );
            expect(quote.financeCharges).toBeLessThanOrEqual(totalChargesCap(amount));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('takes the ₱100 account coupon off the demo fee and refuses a negative discount', () => {
    const plain = quoteLoan(demo, 500_000, 91);
    const quote = quoteLoan(demo, 500_000, 91, { discount: 10_000 });
    expect(plain.processingFee).toBe(15_000);
    expect(quote).toMatchObject({ processingFee: 5_000, feeDiscount: 10_000, netProceeds: 495_000 });
    expect(quoteLoan(demo, 100_000, 91, { discount: 10_000 })).toMatchObject({
      processingFee: 0,
      feeDiscount: 3_000,
      netProceeds: 100_000,
    });
    expect(() => quoteLoan(demo, 500_000, 91, { discount: -1 })).toThrow(RangeError);
  });

  it('in instalments, pays interest on the diminishing balance', () => {
    const quote = quoteLoan({ ...demo, interestMethod: 'instalments' }, 900_000, 91);
    expect(quote.schedule.map((line) => line.dueDay)).toEqual([30, 60, 91]);
    const [first, second, third] = quote.schedule;
    expect(first?.interest).toBe(interestFor(900_000, 300, 30));
    expect(second?.interest).toBe(interestFor(900_000 - (first?.principal ?? 0), 300, 30));
    expect(third?.interest).toBeLessThan(second?.interest ?? 0);
    // Level payments, but for the last, which settles the rest and its 31st day.
    expect(Math.abs((first?.total ?? 0) - (second?.total ?? 0))).toBeLessThanOrEqual(1);
    // Cheaper than one payment at the end.
    expect(quote.totalInterest).toBeLessThan(quoteLoan(demo, 900_000, 91).totalInterest);
  });
});

describe('penalties and extensions', () => {
  it('charges the penalty on the overdue amount only, and stops at the cap', () => {
    expect(
      penaltyFor({
        overdueAmount: 545_500,
        dailyPenaltyBps: 10,
        days: 3,
        principal: 500_000,
        chargedSoFar: 60_500,
      }),
    ).toBe(1_637);
    expect(
      penaltyFor({
        overdueAmount: 545_500,
        dailyPenaltyBps: 10,
        days: 3,
        principal: 500_000,
        chargedSoFar: 499_000,
      }),
    ).toBe(1_000);
    expect(
      penaltyFor({
        overdueAmount: 545_500,
        dailyPenaltyBps: 10,
        days: 3,
        principal: 500_000,
        chargedSoFar: 500_000,
      }),
    ).toBe(0);
  });
  it('prices an extension on the outstanding principal, within the cap', () => {
    expect(
      extensionFee({
        outstandingPrincipal: 500_000,
        extensionFeeBps: 300,
        principal: 500_000,
        chargedSoFar: 60_500,
      }),
    ).toBe(15_000);
    expect(
      extensionFee({
        outstandingPrincipal: 500_000,
        extensionFeeBps: 300,
        principal: 500_000,
        chargedSoFar: 495_000,
      }),
    ).toBe(5_000);
  });
});
