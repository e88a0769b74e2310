import { describe, expect, it } from 'vitest';
import type { ProductList } from './api/get-product-list.ts';
import { loanOffer } from './loan-offer.ts';

const product = (overrides: Partial<ProductList[number]>): ProductList[number] => ({
  productId: 'p1',
  name: 'Personal loan',
  minAmount: 100_000,
  maxAmount: 1_000_000,
  amountStep: 50_000,
  tenureDays: [91, 120],
  interestMethod: 'single',
  monthlyInterestBps: 300,
  processingFeeBps: 300,
  dailyPenaltyBps: 10,
  extensionDays: 30,
  extensionFeeBps: 300,
  ...overrides,
});

describe('loanOffer', () => {
  it('spans the products', () => {
    expect(
      loanOffer([
        product({}),
        product({ productId: 'p2', minAmount: 300_000, maxAmount: 2_000_000, tenureDays: [180] }),
      ]),
    ).toEqual({ minAmount: 100_000, maxAmount: 2_000_000, minDays: 91, maxDays: 180 });
  });

  it('is empty without products', () => {
    expect(loanOffer([])).toBeNull();
    expect(loanOffer([product({ tenureDays: [] })])).toBeNull();
  });
});
