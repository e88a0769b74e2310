import type { ApplicationProgress } from '@hiram/contract/api/application';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { paths } from '../config/paths.ts';
import { ApiError, apiRequest, errorMessage } from '../lib/api-client.ts';
import { BridgeError, BridgeUnavailableError, bridge, getAppMode } from '../lib/bridge/bridge.ts';
import { navigateTo } from '../lib/navigation.ts';
import { showToast } from '../lib/toast.ts';
import { dispatch, STEP_SCREENS } from './dispatcher.ts';

/**
 * Carries out the status dispatcher: Home's Apply button and the end of every application step call it.
 * Loaded on demand, so Home's first load does not carry it.
 */

function getProgress(): Promise<ApplicationProgress> {
  return apiRequest('applicationProgress', {}, { loading: true });
}

// Host replies that mean it has no screen for the step: the borrower does it on ours instead.
const NO_NATIVE_SCREEN = new Set<string | number>(['unknownStep', 'unknownAction']);

export interface ContinueOptions {
  /** Replace the current history entry: a finished step should not be one Back away. */
  replace?: boolean;
}

/**
 * Opens what comes next for the borrower. With no progress given, asks the server first. In the app, a
 * native step is opened through the bridge; when it closes, the progress is asked again and followed,
 * unless the borrower left that same step unfinished (then they stay where they are).
 */
export async function continueApplication(
  progress?: ApplicationProgress | null,
  options: ContinueOptions = {},
): Promise<void> {
  const current = progress ?? (await getProgress());
  const action = dispatch(current, getAppMode());
  if (action.kind === 'nativeStep') {
    try {
      await bridge.toWebStep(action.step);
    } catch (error) {
      const noScreen =
        error instanceof BridgeUnavailableError ||
        (error instanceof BridgeError && NO_NATIVE_SCREEN.has(error.code));
      if (noScreen) {
        await navigateTo(paths[STEP_SCREENS[action.step]].getHref(), options);
        return;
      }
      // Closed, failed or timed out: what the server says now decides, as after a normal close.
    }
    const next = await getProgress();
    if (next.nextStep !== action.step) await continueApplication(next, options);
    return;
  }
  await navigateTo(action.to, options);
}

/**
 * A repeat borrower edits one part from confirm_details (`?back=confirm_details`) and comes back to it;
 * the application is complete, so there is no next step to open.
 */
export const RETURN_TO_CONFIRM = 'confirm_details';

export function backToConfirm(progress?: ApplicationProgress): boolean {
  const back = new URLSearchParams(window.location.hash.split('?')[1] ?? '').get('back');
  if (back !== RETURN_TO_CONFIRM || (progress && progress.nextStep !== null)) return false;
  void navigateTo(paths.confirmDetails.getHref(), { replace: true });
  return true;
}

let applying = false;

/** Home's Apply button, signed in: one dispatch at a time however often it is tapped. */
export async function applyForLoan(): Promise<void> {
  if (applying) return;
  applying = true;
  try {
    await continueApplication();
  } catch (error) {
    // A network failure has already said so with its Retry toast.
    if (error instanceof ApiError) showToast(errorMessage(error), { tone: 'error' });
  } finally {
    applying = false;
  }
}

/**
 * A Records row: the screen its status leads to, told which order. Two rows go elsewhere than the
 * dispatcher's Home answer: a repaid loan opens its repayment details rather than "borrow again", and a failed
 * payout opens the lending screen, which says what failed and leads to changing the account. An application
 * step asks the server where the borrower is.
 */
const RECORD_SCREENS: Partial<Record<number, (orderId: string) => string>> = {
  [LOAN_ORDER_STATUS.finished]: (orderId) => paths.repayDetail.getHref({ orderNo: orderId }),
  [LOAN_ORDER_STATUS.payFail]: (orderId) => paths.lending.getHref({ orderId }),
};

export async function openOrder(order: { orderId: string; status: number }): Promise<void> {
  const own = RECORD_SCREENS[order.status];
  if (own) {
    await navigateTo(own(order.orderId));
    return;
  }
  const action = dispatch(order.status, getAppMode(), order.orderId);
  if (action.kind === 'nativeStep') {
    await continueApplication().catch((error: unknown) => {
      if (error instanceof ApiError) showToast(errorMessage(error), { tone: 'error' });
    });
    return;
  }
  await navigateTo(action.to);
}
