import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest, type RequestOptions } from '../../../lib/api-client.ts';
import { saveUser } from '../../../lib/session.ts';

export type UserInfo = ResponseOf<'getUserInfo'>;

/** Fetches the signed-in borrower and keeps them in the session (Me's greeting, Settings' number). */
export async function refreshUserInfo(options: RequestOptions = {}): Promise<UserInfo> {
  const user = await apiRequest('getUserInfo', {}, options);
  saveUser(user);
  return user;
}
