import type { ProductList } from './api/get-product-list.ts';

/** What Home shows: the widest amount range and the shortest to longest refund period over the brand's products. */
export interface LoanOffer {
  minAmount: number;
  maxAmount: number;
  minDays: number;
  maxDays: number;
}

export function loanOffer(products: ProductList): LoanOffer | null {
  const days = products.flatMap((product) => product.tenureDays);
  if (products.length === 0 || days.length === 0) return null;
  return {
    minAmount: Math.min(...products.map((product) => product.minAmount)),
    maxAmount: Math.max(...products.map((product) => product.maxAmount)),
    minDays: Math.min(...days),
    maxDays: Math.max(...days),
  };
}
