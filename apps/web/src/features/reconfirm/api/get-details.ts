import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { type PsgcData, psgcData } from '@hiram/contract/psgc';
import { apiRequest } from '../../../lib/api-client.ts';
import { type QueryFetcher, useQuery } from '../../../lib/query.ts';

export interface HeldDetails {
  profile: ResponseOf<'profile'>;
  account: ResponseOf<'getBindCardResult'>;
  /** Province and city names for the codes the profile holds. */
  places: PsgcData;
}

/**
 * What we hold for a repeat borrower: the saved profile, the receiving account, and the place names, read
 * together because the screen shows them together. Asked fresh each time the screen opens: the borrower
 * comes back here after editing a part.
 */
const fetchDetails: QueryFetcher<HeldDetails> = async ({ retry }) => {
  const [profile, account, places] = await Promise.all([
    apiRequest('profile', {}, { retry }),
    apiRequest('getBindCardResult', {}, { retry }),
    import('@hiram/contract/psgc.generated.json').then((module) => psgcData(module.default)),
  ]);
  return { profile, account, places };
};

export function useHeldDetails() {
  return useQuery('reconfirm/details', fetchDetails, { refetchOnMount: true });
}
