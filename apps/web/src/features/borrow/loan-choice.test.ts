import type { Product } from '@hiram/contract/api/endpoints';
import { DEMO_LOAN_TERMS } from '@hiram/contract/demo-product';
import { allowedAmounts, quoteLoan } from '@hiram/contract/pricing';
import { describe, expect, it } from 'vitest';
import {
  costPreview,
  initialChoice,
  manilaDateAfter,
  nearestStepIndex,
  stepIndex,
  termsOf,
} from './loan-choice.ts';

const product: Product = { productId: 'demo', name: 'Demo', ...DEMO_LOAN_TERMS, tenureDays: [91, 120] };
const amounts = allowedAmounts(DEMO_LOAN_TERMS);

describe('amount steps', () => {
  it('moves one step and holds at the ends', () => {
    expect(stepIndex(amounts, 0, -1)).toBe(0);
    expect(stepIndex(amounts, 0, 1)).toBe(1);
    expect(stepIndex(amounts, amounts.length - 1, 1)).toBe(amounts.length - 1);
    expect(stepIndex([], 0, 1)).toBe(0);
  });

  it('finds the closest allowed amount, the smaller on a tie', () => {
    expect(nearestStepIndex(amounts, 100_000)).toBe(0);
    expect(nearestStepIndex(amounts, 175_000)).toBe(1);
    expect(nearestStepIndex(amounts, 999_999_999)).toBe(amounts.length - 1);
  });
});

describe('where the chooser starts', () => {
  const tenures = [91, 120];

  it('starts at the smallest amount and the shortest term without an earlier choice', () => {
    expect(initialChoice('demo', amounts, tenures, null)).toEqual({ index: 0, tenureDays: 91 });
  });

  it('comes back to the choice the borrower made before the application steps', () => {
    const start = initialChoice('demo', amounts, tenures, {
      productId: 'demo',
      amount: 500_000,
      tenureDays: 120,
    });
    expect(amounts[start.index]).toBe(500_000);
    expect(start.tenureDays).toBe(120);
  });

  it('holds an old choice to what the product offers now, and ignores another product', () => {
    const start = initialChoice('demo', amounts, [91], {
      productId: 'demo',
      amount: 99_999_999,
      tenureDays: 120,
    });
    expect(start).toEqual({ index: amounts.length - 1, tenureDays: 91 });
    expect(
      initialChoice('demo', amounts, tenures, { productId: 'other', amount: 500_000, tenureDays: 120 }),
    ).toEqual({ index: 0, tenureDays: 91 });
  });
});

describe('cost preview', () => {
  const now = Date.parse('2026-11-21T20:00:00Z'); // already 22 November in Manila

  it('shows the pricing engine’s figures', () => {
    const quote = quoteLoan(termsOf(product), 500_000, 91);
    const preview = costPreview(product, 500_000, 91, now);
    expect(preview).toMatchObject({
      amount: 500_000,
      netProceeds: quote.netProceeds,
      processingFee: quote.processingFee,
      interest: quote.totalInterest,
      totalPayable: quote.totalPayable,
      instalments: 1,
    });
    expect(preview.netProceeds + preview.processingFee).toBe(500_000);
    expect(preview.totalPayable).toBe(500_000 + preview.interest);
    expect(preview.effectiveMonthlyRatePercent).toBe((quote.effectiveMonthlyRate * 100).toFixed(2));
  });

  it('dates the last payment on the Manila calendar', () => {
    expect(manilaDateAfter(now, 0)).toBe('2026-11-22');
    expect(costPreview(product, 100_000, 91, now).dueDate).toBe('2027-02-21');
  });
});
