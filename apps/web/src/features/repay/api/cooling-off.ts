import type { CoolingOff } from '@hiram/contract/api/repayment';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';
import { invalidateQueries, useQuery } from '../../../lib/query.ts';

export const COOLING_OFF_KEY = 'repay/cooling-off/';

/** Where the loan stands in its cooling-off period (ADR 0038). Quiet: the card simply stays away on failure. */
export function useCoolingOff(orderNo: string | null) {
  return useQuery(
    `${COOLING_OFF_KEY}${orderNo ?? ''}`,
    async (): Promise<CoolingOff | null> =>
      orderNo ? apiRequest('coolingOff', { orderNo }, { quiet: true }) : null,
    { refetchOnMount: true },
  );
}

/** The borrower asks to cancel; the payment of the amount then cancels the loan. */
export function useCancelInCoolingOff() {
  return useMutation(async (orderNo: string): Promise<CoolingOff> => {
    const answer = await apiRequest('cancelInCoolingOff', { orderNo }, { loading: true });
    invalidateQueries(COOLING_OFF_KEY);
    return answer;
  });
}
