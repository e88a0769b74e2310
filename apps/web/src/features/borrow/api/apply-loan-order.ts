import type { RequestOf, ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';
import { invalidateQueries } from '../../../lib/query.ts';
import { LATEST_ORDER_KEY } from './get-latest-order.ts';

export type ApplyInput = RequestOf<'applyLoanOrder'>;

/** Opens the order with the chosen amount and tenure; the mutation guard stops a double tap. */
export function useApplyLoanOrder() {
  return useMutation(async (input: ApplyInput, { retry }): Promise<ResponseOf<'applyLoanOrder'>> => {
    const order = await apiRequest('applyLoanOrder', input, { loading: true, retry });
    invalidateQueries(LATEST_ORDER_KEY);
    return order;
  });
}
