import type { LoanAgreement } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';
import { invalidateQueries, useQuery } from '../../../lib/query.ts';
import type { SignRequest } from '../sign-panel.tsx';
import { LATEST_ORDER_KEY } from './get-latest-order.ts';

export const loanAgreementKey = (orderId: string) => `loan/loanAgreement/${orderId}`;

/** The agreement with its statement and the hash to sign; quiet, the screen shows its own Retry. */
export function useLoanAgreement(orderId: string) {
  return useQuery(
    loanAgreementKey(orderId),
    () => apiRequest('loanAgreement', { orderId }, { quiet: true }),
    { enabled: orderId !== '', refetchOnMount: true },
  );
}

/** Signs the document shown; the order moves on, so it and the latest order are asked for again. */
export function useSignAgreement() {
  return useMutation(async (request: SignRequest, { retry }): Promise<LoanAgreement> => {
    const signed = await apiRequest('signAgreement', request, { loading: true, retry });
    // Also reached by the network toast's Retry, whose answer no screen awaits: the reload shows it signed.
    invalidateQueries(loanAgreementKey(request.orderId));
    invalidateQueries(LATEST_ORDER_KEY);
    return signed;
  });
}
