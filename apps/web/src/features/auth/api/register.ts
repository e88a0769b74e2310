import type { RequestOf, ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';
import { saveSession } from '../../../lib/session.ts';

export type RegisterInput = RequestOf<'register'>;
export type Session = ResponseOf<'register'>;

/** Creates the account and signs in with the session it answers. */
export async function register(input: RegisterInput, retry?: () => void): Promise<Session> {
  const session = await apiRequest('register', input, { loading: true, retry });
  saveSession(session);
  return session;
}

export function useRegister() {
  return useMutation((input: RegisterInput, { retry }) => register(input, retry));
}
