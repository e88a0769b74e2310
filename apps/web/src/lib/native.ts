import { BridgeUnavailableError } from './bridge/bridge.ts';
import { translate } from './i18n/i18n.tsx';
import { showToast } from './toast.ts';

/**
 * Runs an action only the native app can do. Outside the app the borrower is told so (SPEC section 8:
 * 'Please run in App') instead of nothing happening; the result is then undefined.
 */
export async function runNative<T>(action: () => Promise<T>): Promise<T | undefined> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof BridgeUnavailableError) {
      showToast(translate('common.runInApp'), { tone: 'error' });
      return undefined;
    }
    throw error;
  }
}
