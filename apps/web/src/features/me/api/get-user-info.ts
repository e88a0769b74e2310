import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest, type RequestOptions } from '../../../lib/api-client.ts';
import { type QueryFetcher, useQuery } from '../../../lib/query.ts';
import { saveUser, useSession } from '../../../lib/session.ts';

export type UserInfo = ResponseOf<'getUserInfo'>;

/** Fetches the signed-in borrower and keeps them in the session (Me's greeting, Settings' number). */
export async function refreshUserInfo(options: RequestOptions = {}): Promise<UserInfo> {
  const user = await apiRequest('getUserInfo', {}, options);
  saveUser(user);
  return user;
}

const fetchUserInfo: QueryFetcher<UserInfo> = ({ retry }) => refreshUserInfo({ retry });

/**
 * The signed-in borrower, asked of the server when a screen that shows them opens: an ended session is
 * noticed there (and the borrower taken Home) rather than on their next important step.
 */
export function useUserInfo(options: { refetchOnMount?: boolean } = {}) {
  const { token } = useSession();
  return useQuery('security/getUserInfo', fetchUserInfo, { enabled: token !== null, ...options });
}
