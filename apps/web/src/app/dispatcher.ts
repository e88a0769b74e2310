import type { ApplicationProgress, ApplicationStep } from '@hiram/contract/api/application';
import { LOAN_ORDER_STATUS, loanOrderStatusName } from '@hiram/contract/loan-status';
import { paths, type RouteName } from '../config/paths.ts';
import type { AppMode } from '../lib/bridge/bridge.ts';

/**
 * The status dispatcher (SPEC section 2): where a borrower goes next, from a loan order status or from the
 * server's application progress. Pure, so every mapping is tested; continue-application.ts carries it out.
 */

/** Our own screen for each application step: web mode does the native steps itself (GUIDE section 1). */
export const STEP_SCREENS: Record<ApplicationStep, RouteName> = {
  personal_infomation: 'personalInformation',
  additionalInfomation: 'additionalInformation',
  id_card_authentication: 'idCardAuthentication',
  loan_question: 'loanQuestion',
  addBankCard: 'addBankCard',
};

const STATUS_STEPS: Partial<Record<number, ApplicationStep>> = {
  [LOAN_ORDER_STATUS.basicInfo]: 'personal_infomation',
  [LOAN_ORDER_STATUS.addition]: 'additionalInfomation',
  [LOAN_ORDER_STATUS.identityOcr]: 'id_card_authentication',
  [LOAN_ORDER_STATUS.bindCard]: 'addBankCard',
  [LOAN_ORDER_STATUS.question]: 'loan_question',
};

export type Destination =
  /** An application step: the host's own screen in the app, ours anywhere else. */
  { kind: 'step'; step: ApplicationStep } | { kind: 'screen'; route: RouteName };

/**
 * A status code, the application progress, or null (nothing left to fill in: the borrower can apply).
 * Statuses the spec's dispatcher leaves out go where the borrower can see them: a finished or cancelled
 * loan lets them borrow again; a rejection, or a code we do not know, shows Home.
 */
export function destinationOf(input: number | null | ApplicationProgress): Destination {
  if (input !== null && typeof input === 'object') {
    // Nothing for the borrower to do but wait for our check: the validation screen waits with them.
    if (input.status === LOAN_ORDER_STATUS.validation) return { kind: 'screen', route: 'validation' };
    return input.nextStep === null
      ? { kind: 'screen', route: 'toBorrow' }
      : { kind: 'step', step: input.nextStep };
  }
  if (input === null) return { kind: 'screen', route: 'toBorrow' };
  const step = STATUS_STEPS[input];
  if (step) return { kind: 'step', step };
  switch (loanOrderStatusName(input)) {
    case 'validation':
      return { kind: 'screen', route: 'validation' };
    case 'confirm':
    case 'getMoney':
      return { kind: 'screen', route: 'confirmBorrow' };
    case 'overdue':
    case 'repaying':
    case 'payFail':
    // Still owed (ADR 0053): the repayment screen says how much and how to pay it.
    case 'writtenOff':
      return { kind: 'screen', route: 'repayDetail' };
    case 'applying':
      return { kind: 'screen', route: 'reviewTips' };
    case 'finishLoading':
      return { kind: 'screen', route: 'finishLoading' };
    case 'finished':
    case 'cancelled':
      return { kind: 'screen', route: 'toBorrow' };
    case 'lending':
    case 'rejected':
      return { kind: 'screen', route: 'home' };
    default:
      return { kind: 'screen', route: 'home' };
  }
}

export type DispatchAction = { kind: 'nativeStep'; step: ApplicationStep } | { kind: 'navigate'; to: string };

/**
 * Screens that show one order, and the search parameter that names it when the dispatcher knows it
 * (repay_detail keeps the spec's `orderNo`).
 */
const ORDER_PARAMS: Partial<Record<RouteName, string>> = {
  confirmBorrow: 'orderId',
  lending: 'orderId',
  finishLoading: 'orderId',
  repayDetail: 'orderNo',
};

/**
 * What to do in this mode. In the app the host opens its own screen for a step; outside it, where the spec
 * toasts 'Please run in App', we open our web screen for the step instead (GUIDE section 1).
 */
export function dispatch(
  input: number | null | ApplicationProgress,
  mode: AppMode,
  orderId?: string,
): DispatchAction {
  const destination = destinationOf(input);
  if (destination.kind === 'step') {
    return mode === 'app'
      ? { kind: 'nativeStep', step: destination.step }
      : { kind: 'navigate', to: paths[STEP_SCREENS[destination.step]].getHref() };
  }
  const param = ORDER_PARAMS[destination.route];
  return {
    kind: 'navigate',
    to: paths[destination.route].getHref(param && orderId ? { [param]: orderId } : undefined),
  };
}
