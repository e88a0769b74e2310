import { apiRequest } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/query.ts';

/** The brand's repayment channels in the cashier's order, with whether each is open. */
export function useCollectionChannels() {
  return useQuery('loan/channel/detail', () => apiRequest('collectionChannels', {}, { quiet: true }), {
    refetchOnMount: true,
  });
}
