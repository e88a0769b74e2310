import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { HOME_QUERY_KEYS } from '@hiram/contract/first-paint';
import { apiRequest } from '../../../lib/api-client.ts';
import { prefetchQuery, type QueryFetcher, useQuery } from '../../../lib/query.ts';

export type LatestOrder = ResponseOf<'latestLoanOrder'>;

/** The same key as review_tips' read of it and the server's drawing of Home: one cache entry. */
const LATEST_ORDER_KEY = HOME_QUERY_KEYS.latestOrder;

/** Quiet: when it cannot load, Home shows the offer and its Apply, which asks the server again. */
const fetchLatestOrder: QueryFetcher<LatestOrder> = () => apiRequest('latestLoanOrder', {}, { quiet: true });

/** `enabled: false` only reads what another screen (or the start-up prefetch) fetched. */
export function useLatestOrder({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(LATEST_ORDER_KEY, fetchLatestOrder, { enabled, refetchOnMount: true });
}

/** At start-up with a session: the borrower's card is asked for alongside Home's code, not after it. */
export function prefetchLatestOrder(): void {
  prefetchQuery(LATEST_ORDER_KEY, fetchLatestOrder);
}
