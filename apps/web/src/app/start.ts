import { refreshUserInfo } from '../features/me/api/get-user-info.ts';
import { bridge, getAppMode, onNativeEvent } from '../lib/bridge/bridge.ts';
import { onLanguageChange } from '../lib/i18n/i18n.tsx';
import { currentLocation, navigateTo } from '../lib/navigation.ts';
import { invalidateQueries } from '../lib/query.ts';
import { endSession, getSession, saveToken, setSessionChecked, takePendingRoute } from '../lib/session.ts';

function refreshUserQuietly(): void {
  // The greeting can wait: a failure here is shown by the screens that need the borrower, not at start-up.
  refreshUserInfo().catch(() => {});
}

/** In the app the native side owns the session: ask it once at start-up, then follow its `setNewToken`. */
async function adoptNativeSession(): Promise<void> {
  setSessionChecked(false);
  onNativeEvent('setNewToken', ({ token }) => {
    if (!token) {
      endSession();
      return;
    }
    saveToken(token);
    refreshUserQuietly();
    const pending = takePendingRoute();
    if (pending && pending !== currentLocation()) void navigateTo(pending);
  });
  try {
    const info = await bridge.getLoginInfo();
    if (info?.token) {
      saveToken(info.token);
      refreshUserQuietly();
    } else if (getSession().token) {
      endSession();
    }
  } catch {
    // No answer from the host: keep what this device already knows.
  } finally {
    setSessionChecked(true);
  }
}

/** Start-up work that needs no router: it runs before the router's chunk has loaded. */
export function startApp(languageReady: Promise<void>): void {
  // Server texts (messages, contacts' hours) come in the `lang` of the request: fetch them again when the
  // borrower changes it. The start-up language is not a change: every start-up request was asked in it.
  void languageReady.then(() => onLanguageChange(() => invalidateQueries()));
  if (getAppMode() === 'app') {
    void adoptNativeSession();
  } else if (getSession().token && !getSession().user) {
    refreshUserQuietly();
  }
}
