import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { type QueryFetcher, useQuery } from '../../../lib/query.ts';

export type LatestOrder = ResponseOf<'latestLoanOrder'>;

export const LATEST_ORDER_KEY = 'loan/loan-order/latest';

/** Quiet: review_tips polls it and shows its own message when it cannot load. */
const fetchLatestOrder: QueryFetcher<LatestOrder> = () => apiRequest('latestLoanOrder', {}, { quiet: true });

export function getLatestOrder(): Promise<LatestOrder> {
  return apiRequest('latestLoanOrder', {}, { loading: true });
}

export function useLatestOrder() {
  return useQuery(LATEST_ORDER_KEY, fetchLatestOrder, { refetchOnMount: true });
}
