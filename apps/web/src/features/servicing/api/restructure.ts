import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';
import { invalidateQueries, useQuery } from '../../../lib/query.ts';
import type { SignRequest } from '../../borrow/sign-panel.tsx';

export type Restructure = ResponseOf<'loanRestructure'>;

export const restructureKey = (orderId: string) => `loan/restructure/${orderId}`;

/** The new schedule waiting for her signature (or the one she signed); quiet, the screen shows its own Retry. */
export function useRestructure(orderId: string) {
  return useQuery(
    restructureKey(orderId),
    () => apiRequest('loanRestructure', { orderId }, { quiet: true }),
    { enabled: orderId !== '', refetchOnMount: true },
  );
}

/** Signs the new schedule shown: only then does it take effect (ADR 0077). */
export function useSignRestructure() {
  return useMutation(async (request: SignRequest, { retry }): Promise<Restructure> => {
    const signed = await apiRequest('signRestructure', request, { loading: true, retry });
    invalidateQueries(restructureKey(request.orderId));
    return signed;
  });
}
