import type { RequestOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';
import type { BankAccount } from './get-account.ts';
import { verifyAccountNumber } from './verify-account-number.ts';

export type NewAccount = RequestOf<'addBankCard'>;
export type ChangedAccount = RequestOf<'updateBankCard'>;

/** Thrown when the server finds the number does not fit the bank or wallet: `message` says why. */
export class AccountNumberRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AccountNumberRefused';
  }
}

/**
 * Names the account that receives the money: checks the number with the server first (verifyBankCard), then
 * adds it, or changes the verified one with the SMS code. The provider then verifies it (state 'verifying').
 */
export function useSaveAccount() {
  return useMutation(async (account: NewAccount | ChangedAccount, { retry }): Promise<BankAccount> => {
    const check = await verifyAccountNumber(
      { bankCode: account.bankCode, accountNumber: account.accountNumber },
      retry,
    );
    if (!check.valid) throw new AccountNumberRefused(check.message ?? '');
    return 'code' in account
      ? apiRequest('updateBankCard', account, { loading: true, retry })
      : apiRequest('addBankCard', account, { loading: true, retry });
  });
}
