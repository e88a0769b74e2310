import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';
import { ownMobile } from '../../../lib/own-mobile.ts';

/** A `signAgreement` code, sent to the borrower's own number: typing it is part of the signature. */
export function useSendSignCode() {
  return useMutation(
    async (_: undefined, { retry }): Promise<ResponseOf<'getVerifyCode'> & { mobile: string }> => {
      const mobile = await ownMobile();
      const sent = await apiRequest(
        'getVerifyCode',
        { mobile, type: 'signAgreement' },
        { loading: true, retry },
      );
      return { ...sent, mobile };
    },
  );
}
