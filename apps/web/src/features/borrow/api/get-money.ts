import type { Disbursement } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';
import { invalidateQueries, useQuery } from '../../../lib/query.ts';
import { LATEST_ORDER_KEY } from './get-latest-order.ts';

export const disbursementKey = (orderId: string) => `loan/get-money/status/${orderId}`;

/** Where the disbursement stands; quiet, the lending screen polls it and shows its own Retry. */
export function useDisbursement(orderId: string) {
  return useQuery(disbursementKey(orderId), () => apiRequest('disbursement', { orderId }, { quiet: true }), {
    enabled: orderId !== '',
    refetchOnMount: true,
  });
}

/**
 * Get money: the server moves the signed order to lending and sends the payout once, however often this
 * is called; the screen shows failures itself.
 */
export function useGetMoney() {
  return useMutation(async (orderId: string): Promise<Disbursement> => {
    const started = await apiRequest('getMoney', { orderId }, { quiet: true });
    invalidateQueries(disbursementKey(orderId));
    invalidateQueries(LATEST_ORDER_KEY);
    return started;
  });
}
