import { describe, expect, it } from 'vitest';
import { DEMO_LOAN_TERMS } from '../demo-product.ts';
import { PHILIPPINE_CAP_RULES } from '../pricing.ts';
import {
  PRODUCT_TENURE_MAX_DAYS,
  ProductTerms,
  productTermsProblems,
  tenureDaysMessage,
} from './products.ts';

/** The cap guard the console's form and the server share: which cap a value breaks, in staff's words. */
describe('productTermsProblems', () => {
  it('finds nothing in the demo terms', () => {
    expect(productTermsProblems(DEMO_LOAN_TERMS)).toEqual([]);
  });

  it('names the field, the cap and the circular that sets it', () => {
    expect(productTermsProblems({ ...DEMO_LOAN_TERMS, dailyPenaltyBps: 20 })).toEqual([
      {
        field: 'dailyPenaltyBps',
        message: 'Late penalty 6.00% a month (30 days) is above the 5.00% cap (SEC MC 14 s.2025).',
      },
    ]);
    expect(productTermsProblems({ ...DEMO_LOAN_TERMS, extensionFeeBps: 700 })[0]).toMatchObject({
      field: 'extensionFeeBps',
    });
  });

  it('holds terms to the strictest rule: 13% a month effective passes the 2022 rule alone, not both', () => {
    const dear = { ...DEMO_LOAN_TERMS, processingFeeBps: 2_500 };
    expect(productTermsProblems(dear, PHILIPPINE_CAP_RULES.slice(0, 1))).toEqual([]);
    const problems = productTermsProblems(dear);
    expect(problems[0]?.message).toMatch(/above the 12\.00% cap \(SEC MC 14 s\.2025\)\.$/);
    // Five at most, and how many more.
    expect(problems).toHaveLength(6);
    expect(problems[5]?.message).toMatch(/^And \d+ more\.$/);
  });

  it('refuses more amounts than the guard can quote', () => {
    expect(productTermsProblems({ ...DEMO_LOAN_TERMS, amountStep: 100 })).toEqual([
      { field: null, message: 'Terms: at most 400 amounts to choose from.' },
    ]);
  });

  it('says the maximum when a tenure is over it', () => {
    expect(ProductTerms.safeParse({ ...DEMO_LOAN_TERMS, tenureDays: [91, 400] }).success).toBe(false);
    expect(tenureDaysMessage([91, 400])).toBe(
      `400 days: a tenure is at most ${PRODUCT_TENURE_MAX_DAYS} days (the maximum).`,
    );
    expect(tenureDaysMessage([1, 2, 3, 4, 5, 6, 7])).toBe('At most 6 tenures.');
    expect(tenureDaysMessage([])).toMatch(/of 1 to 366 days/);
  });
});
