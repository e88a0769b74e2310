import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { type QueryFetcher, useQuery } from '../../../lib/query.ts';

export type BankList = ResponseOf<'bankList'>;

const fetchBankList: QueryFetcher<BankList> = ({ retry }) => apiRequest('bankList', {}, { retry });

/** The banks and e-wallets money can be sent to, as the server offers them. */
export function useBankList() {
  return useQuery('app/paystack/bank-list', fetchBankList);
}
