import type { Product, ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { type QueryFetcher, useQuery } from '../../../lib/query.ts';

export interface LoanProduct {
  product: Product;
  /** The amounts the server allows, smallest first (step-amount), and its tenures. */
  steps: ResponseOf<'stepAmount'>;
}

/** The brand's first product with its allowed amounts; null when the brand offers none. */
const fetchLoanProduct: QueryFetcher<LoanProduct | null> = async ({ retry }) => {
  const products = await apiRequest('productList', {}, { retry });
  const product = products[0];
  if (!product) return null;
  const steps = await apiRequest('stepAmount', { productId: product.productId }, { retry });
  return { product, steps };
};

export function useLoanProduct() {
  return useQuery('borrow/loan-product', fetchLoanProduct);
}
