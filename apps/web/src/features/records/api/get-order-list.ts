import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { type QueryFetcher, useQuery } from '../../../lib/query.ts';

export type OrderList = ResponseOf<'loanOrderList'>;
export type OrderListItem = OrderList[number];

const ORDER_LIST_KEY = 'loan/loan-order/list';

/** Quiet: Records shows its own message and Retry when the list cannot load. */
const fetchOrderList: QueryFetcher<OrderList> = () => apiRequest('loanOrderList', {}, { quiet: true });

export function useOrderList(options: { enabled: boolean }) {
  return useQuery(ORDER_LIST_KEY, fetchOrderList, { refetchOnMount: true, enabled: options.enabled });
}
