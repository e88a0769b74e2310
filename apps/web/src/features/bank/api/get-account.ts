import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';

export type BankAccount = ResponseOf<'getBindCardResult'>;

/** The account and its verification. Quiet: the screen polls it and says itself when it cannot load. */
export function getAccount(): Promise<BankAccount> {
  return apiRequest('getBindCardResult', {}, { quiet: true });
}
