import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { type QueryFetcher, useQuery } from '../../../lib/query.ts';

export type PromotionOffer = NonNullable<ResponseOf<'loanProductIndex'>>;

/** The brand's real range and its cheapest representative example, from the pricing engine on the server. */
const fetchOffer: QueryFetcher<PromotionOffer | null> = ({ retry }) =>
  apiRequest('loanProductIndex', {}, { retry });

export function usePromotionOffer() {
  return useQuery('promotions/offer', fetchOffer);
}
