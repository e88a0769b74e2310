import type { RequestOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';
import type { IdentityCard } from './get-identity-card.ts';

/** Asks the identity provider to read both sides of the ID; it answers later (state 'reading'). */
export function useReadIdCard() {
  return useMutation(
    (input: RequestOf<'idCardOcr'>, { retry }): Promise<IdentityCard> =>
      apiRequest('idCardOcr', input, { loading: true, retry }),
  );
}
