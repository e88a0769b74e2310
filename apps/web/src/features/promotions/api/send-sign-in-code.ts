import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';

/** Sends a sign-in code by SMS (/security/getVerifyCode); the login screen takes over with the code. */
export function useSendSignInCode() {
  return useMutation(
    (mobile: string, { retry }): Promise<ResponseOf<'getVerifyCode'>> =>
      apiRequest('getVerifyCode', { mobile, type: 'login' }, { loading: true, retry }),
  );
}
