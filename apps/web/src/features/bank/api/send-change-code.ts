import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';
import { ownMobile } from '../../../lib/own-mobile.ts';

/** A `changeBankCard` code, sent to the borrower's own number: changing the account needs it. */
export function useSendChangeCode() {
  return useMutation(
    async (_: undefined, { retry }): Promise<ResponseOf<'getVerifyCode'> & { mobile: string }> => {
      const mobile = await ownMobile();
      const sent = await apiRequest(
        'getVerifyCode',
        { mobile, type: 'changeBankCard' },
        { loading: true, retry },
      );
      return { ...sent, mobile };
    },
  );
}
