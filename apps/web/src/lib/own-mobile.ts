import { apiRequest } from './api-client.ts';
import { getSession, saveUser } from './session.ts';

/**
 * The borrower's own mobile (E.164), from the session or, when it is not kept, from the server: the codes
 * that confirm an act (changing the account, signing) go to it.
 */
export async function ownMobile(): Promise<string> {
  const known = getSession().user?.mobile;
  if (known) return known;
  const user = await apiRequest('getUserInfo', {}, { loading: true });
  saveUser(user);
  return user.mobile;
}
