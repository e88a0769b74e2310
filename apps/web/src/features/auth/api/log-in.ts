import type { RequestOf, ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';
import { saveSession } from '../../../lib/session.ts';

export type LogInInput = RequestOf<'login'>;
export type Session = ResponseOf<'login'>;

/** Signs in with a code or a password (sent form-urlencoded, SPEC section 7) and keeps the session. */
export async function logIn(input: LogInInput, retry?: () => void): Promise<Session> {
  const session = await apiRequest('login', input, { loading: true, retry });
  saveSession(session);
  return session;
}

export function useLogInWithMobile() {
  return useMutation((input: LogInInput, { retry }) => logIn(input, retry));
}
