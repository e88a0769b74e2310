import type { RequestOf, ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';

export type SendVerifyCodeInput = RequestOf<'getVerifyCode'>;
export type VerifyCodeSent = ResponseOf<'getVerifyCode'>;

export function sendVerifyCode(input: SendVerifyCodeInput, retry?: () => void): Promise<VerifyCodeSent> {
  return apiRequest('getVerifyCode', input, { loading: true, retry });
}

export function useSendVerifyCode() {
  return useMutation((input: SendVerifyCodeInput, { retry }) => sendVerifyCode(input, retry));
}
