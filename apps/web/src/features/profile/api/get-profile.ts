import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';

export type SavedProfile = ResponseOf<'profile'>;

export type ProfileLoad =
  | { status: 'pending' }
  | { status: 'success'; profile: SavedProfile }
  | { status: 'error'; error: unknown };

/**
 * The saved profile, fetched fresh each time a profile screen opens: a form must start from what the server
 * holds now, never from a cached answer older than the last save. `enabled: false` in embedded mode, where
 * the parent page hands the values in.
 */
export function useSavedProfile(enabled: boolean): ProfileLoad & { reload: () => void } {
  const [load, setLoad] = useState<ProfileLoad>({ status: 'pending' });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const reloadRef = useRef(reload);
  reloadRef.current = reload;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the trigger for a new request.
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setLoad({ status: 'pending' });
    apiRequest('profile', {}, { signal: controller.signal, retry: () => reloadRef.current() }).then(
      (profile) => setLoad({ status: 'success', profile }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [enabled, attempt]);

  return { ...load, reload };
}
