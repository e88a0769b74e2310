import type { RequestOf, ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';

/** The server's word on the number rules, before the account is named (no money moves, no provider call). */
export function verifyAccountNumber(
  input: RequestOf<'verifyBankCard'>,
  retry: () => void,
): Promise<ResponseOf<'verifyBankCard'>> {
  return apiRequest('verifyBankCard', input, { loading: true, retry });
}
