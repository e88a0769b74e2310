import { apiRequest } from '../../../lib/api-client.ts';
import { bridge, getAppMode } from '../../../lib/bridge/bridge.ts';
import { useMutation } from '../../../lib/mutation.ts';
import { endSession } from '../../../lib/session.ts';

/**
 * Ends the session on the server, then on this device. The device is cleared even when the server cannot
 * be reached: the borrower asked to leave, and the server's token expires on its own.
 */
export async function logOut(): Promise<void> {
  try {
    await apiRequest('logout', {}, { loading: true, quiet: true });
  } catch {
    // cleared below either way
  } finally {
    endSession();
    if (getAppMode() === 'app') await bridge.logout().catch(() => {});
  }
}

export function useLogOut() {
  return useMutation((_input: undefined) => logOut());
}
