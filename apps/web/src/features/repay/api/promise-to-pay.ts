import type { MakePromiseInput, PromiseToPay } from '@hiram/contract/api/promises';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';
import { invalidateQueries, useQuery } from '../../../lib/query.ts';

export const PROMISE_TO_PAY_KEY = 'repay/promise-to-pay/';

/** The overdue loan's "I'll pay on…" (ADR 0075): the days and amounts allowed, and her running promise. Quiet. */
export function usePromiseToPay(orderNo: string) {
  return useQuery(
    `${PROMISE_TO_PAY_KEY}${orderNo}`,
    async (): Promise<PromiseToPay | null> => apiRequest('promiseToPay', { orderNo }, { quiet: true }),
    { refetchOnMount: true },
  );
}

/** She promises a day and an amount; the server checks them and answers in her language when it refuses. */
export function useMakePromise() {
  return useMutation(async (input: MakePromiseInput): Promise<PromiseToPay> => {
    const answer = await apiRequest('makePromiseToPay', input, { loading: true });
    invalidateQueries(PROMISE_TO_PAY_KEY);
    return answer;
  });
}
