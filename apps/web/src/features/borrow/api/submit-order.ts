import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';
import { invalidateQueries } from '../../../lib/query.ts';
import { LATEST_ORDER_KEY } from './get-latest-order.ts';

/**
 * Confirms the order for assessment. The screen shows failures itself with its own Retry, so no toast;
 * the server answers a repeat with the same order, so retrying is safe.
 */
export function useSubmitOrder() {
  return useMutation(async (orderId: string): Promise<ResponseOf<'submitOrder'>> => {
    const order = await apiRequest('submitOrder', { orderId }, { quiet: true });
    invalidateQueries(LATEST_ORDER_KEY);
    return order;
  });
}
