import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { type QueryFetcher, useQuery } from '../../../lib/query.ts';

export type ExampleStatement = ResponseOf<'confirmProductInfo'>;

/** The Disclosure Statement of the representative example: the brand's own figures, starting today. */
const fetchExample: QueryFetcher<ExampleStatement | null> = async ({ retry }) => {
  const offer = await apiRequest('loanProductIndex', {}, { retry });
  if (!offer) return null;
  return apiRequest(
    'confirmProductInfo',
    { productId: offer.productId, amount: offer.example.principal, tenureDays: offer.example.tenureDays },
    { retry },
  );
};

export function useExampleStatement() {
  return useQuery('promotions/example-statement', fetchExample);
}
