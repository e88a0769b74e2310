import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';
import { getSession, saveUser } from '../../../lib/session.ts';

/** The borrower's own mobile (E.164), from the session or, when it is not kept, from the server. */
export async function ownMobile(): Promise<string> {
  const known = getSession().user?.mobile;
  if (known) return known;
  const user = await apiRequest('getUserInfo', {}, { loading: true });
  saveUser(user);
  return user.mobile;
}

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
