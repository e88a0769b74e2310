import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { HOME_QUERY_KEYS } from '@hiram/contract/first-paint';
import { apiRequest } from '../../../lib/api-client.ts';
import { prefetchQuery, type QueryFetcher, useQuery } from '../../../lib/query.ts';

export type CreditInfo = ResponseOf<'creditInfo'>;

/** The server draws a borrower's Home card with the same answer, under the same key (docs/decisions/0051). */
const CREDIT_INFO_KEY = HOME_QUERY_KEYS.creditInfo;

/** Quiet: the line is a note beside the offer; without it the offer still stands. */
const fetchCreditInfo: QueryFetcher<CreditInfo> = () => apiRequest('creditInfo', {}, { quiet: true });

/** Asked again on each screen that shows it: a loan repaid meanwhile raised it. */
export function useCreditInfo() {
  return useQuery(CREDIT_INFO_KEY, fetchCreditInfo, { refetchOnMount: true });
}

/** At start-up with a session, beside the latest order: Home's card draws both at once. */
export function prefetchCreditInfo(): void {
  prefetchQuery(CREDIT_INFO_KEY, fetchCreditInfo);
}
