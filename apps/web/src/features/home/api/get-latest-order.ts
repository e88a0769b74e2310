import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { type QueryFetcher, useQuery } from '../../../lib/query.ts';

export type LatestOrder = ResponseOf<'latestLoanOrder'>;

/** The same key as review_tips' read of it: one cache entry, whichever screen asked first. */
const LATEST_ORDER_KEY = 'loan/loan-order/latest';

/** Quiet: when it cannot load, Home shows the offer and its Apply, which asks the server again. */
const fetchLatestOrder: QueryFetcher<LatestOrder> = () => apiRequest('latestLoanOrder', {}, { quiet: true });

export function useLatestOrder() {
  return useQuery(LATEST_ORDER_KEY, fetchLatestOrder, { refetchOnMount: true });
}
