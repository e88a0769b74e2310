import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { bridge, getAppMode } from '../lib/bridge/bridge.ts';
import { runNative } from '../lib/native.ts';
import { rememberPendingRoute } from '../lib/session.ts';

// One native login screen at a time, whatever taps or re-renders ask for another.
let nativeLoginOpen = false;

/**
 * Starts signing in, then comes back to `returnTo`: in the app the native login screen does it (the token
 * arrives through `setNewToken`); on the web our own login screen does.
 */
export function useLogIn(): (returnTo: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (returnTo: string) => {
      if (getAppMode() === 'app') {
        rememberPendingRoute(returnTo);
        if (nativeLoginOpen) return;
        nativeLoginOpen = true;
        runNative(() => bridge.toLogin({ returnTo }))
          .catch(() => {
            // Closed or failed: the screen keeps its Log in button for another try.
          })
          .finally(() => {
            nativeLoginOpen = false;
          });
      } else {
        navigate(paths.login.getHref({ returnTo }));
      }
    },
    [navigate],
  );
}
