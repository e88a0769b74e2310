import type { ApplicationProgress, ApplicationStep } from '@hiram/contract/api/application';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { describe, expect, it } from 'vitest';
import { destinationOf, dispatch } from './dispatcher.ts';

function progress(nextStep: ApplicationStep | null, status: number | null): ApplicationProgress {
  const done = nextStep === null;
  return {
    completed: {
      basicInfo: done,
      additionInfo: done,
      identity: done,
      questionnaire: done,
      bankAccount: done,
    },
    nextStep,
    status,
  };
}

const STEP_CASES = [
  [LOAN_ORDER_STATUS.basicInfo, 'personal_infomation', '/auth/personal_infomation'],
  [LOAN_ORDER_STATUS.addition, 'additionalInfomation', '/auth/additionalInfomation'],
  [LOAN_ORDER_STATUS.identityOcr, 'id_card_authentication', '/auth/id_card_authentication'],
  [LOAN_ORDER_STATUS.bindCard, 'addBankCard', '/add_bankcard'],
  [LOAN_ORDER_STATUS.question, 'loan_question', '/auth/loan_question'],
] as const;

describe('the application steps', () => {
  it.each(STEP_CASES)('status %i opens the native step %s in the app', (status, step) => {
    expect(dispatch(status, 'app')).toEqual({ kind: 'nativeStep', step });
  });

  it.each(STEP_CASES)('status %i opens our screen on the web (%s at %s)', (status, _step, href) => {
    expect(dispatch(status, 'web')).toEqual({ kind: 'navigate', to: href });
  });

  it.each(STEP_CASES)(
    'status %i opens our screen when embedded, where native steps do not exist',
    (status, _s, href) => {
      expect(dispatch(status, 'embedded')).toEqual({ kind: 'navigate', to: href });
    },
  );

  it.each(STEP_CASES)(
    'progress with next step %s (status %i) goes where the status goes',
    (status, step, href) => {
      expect(dispatch(progress(step, status), 'app')).toEqual({ kind: 'nativeStep', step });
      expect(dispatch(progress(step, status), 'web')).toEqual({ kind: 'navigate', to: href });
    },
  );

  it('follows the next step named by the progress', () => {
    expect(destinationOf(progress('loan_question', null))).toEqual({ kind: 'step', step: 'loan_question' });
  });
});

describe('the loan statuses', () => {
  const cases: [string, number, string][] = [
    ['confirm', LOAN_ORDER_STATUS.confirm, '/borrow/confirm_borrow'],
    ['get money', LOAN_ORDER_STATUS.getMoney, '/borrow/confirm_borrow'],
    ['overdue', LOAN_ORDER_STATUS.overdue, '/repay/repay_detail'],
    ['repaying', LOAN_ORDER_STATUS.repaying, '/repay/repay_detail'],
    ['pay failed', LOAN_ORDER_STATUS.payFail, '/repay/repay_detail'],
    ['applying', LOAN_ORDER_STATUS.applying, '/auth/review_tips'],
    ['lending', LOAN_ORDER_STATUS.lending, '/'],
    ['finish loading', LOAN_ORDER_STATUS.finishLoading, '/finish_loading'],
    ['finished', LOAN_ORDER_STATUS.finished, '/borrow/to_borrow'],
    ['cancelled', LOAN_ORDER_STATUS.cancelled, '/borrow/to_borrow'],
    ['rejected', LOAN_ORDER_STATUS.rejected, '/'],
    ['an unknown code', 99, '/'],
  ];

  it.each(cases)('%s opens %s in every mode', (_name, status, href) => {
    for (const mode of ['app', 'web', 'embedded'] as const) {
      expect(dispatch(status, mode)).toEqual({ kind: 'navigate', to: href });
    }
  });

  it('validation (16) opens the validation screen in every mode, from a status or the progress', () => {
    for (const mode of ['app', 'web', 'embedded'] as const) {
      expect(dispatch(LOAN_ORDER_STATUS.validation, mode)).toEqual({
        kind: 'navigate',
        to: '/auth/validation',
      });
      expect(dispatch(progress('id_card_authentication', LOAN_ORDER_STATUS.validation), mode)).toEqual({
        kind: 'navigate',
        to: '/auth/validation',
      });
    }
  });
});

describe('ready to apply', () => {
  it('sends a borrower with nothing left to fill in to to_borrow', () => {
    expect(dispatch(null, 'app')).toEqual({ kind: 'navigate', to: '/borrow/to_borrow' });
    expect(dispatch(progress(null, null), 'web')).toEqual({ kind: 'navigate', to: '/borrow/to_borrow' });
  });
});

describe('a known order', () => {
  it('names the order to the screens that show one', () => {
    expect(dispatch(LOAN_ORDER_STATUS.confirm, 'web', 'o-1')).toEqual({
      kind: 'navigate',
      to: '/borrow/confirm_borrow?orderId=o-1',
    });
    expect(dispatch(LOAN_ORDER_STATUS.repaying, 'web', 'o-1')).toEqual({
      kind: 'navigate',
      to: '/repay/repay_detail?orderNo=o-1',
    });
    expect(dispatch(LOAN_ORDER_STATUS.finishLoading, 'web', 'o-1')).toEqual({
      kind: 'navigate',
      to: '/finish_loading?orderId=o-1',
    });
  });

  it('leaves screens about the borrower, not one order, as they are', () => {
    expect(dispatch(LOAN_ORDER_STATUS.applying, 'web', 'o-1')).toEqual({
      kind: 'navigate',
      to: '/auth/review_tips',
    });
    expect(dispatch(LOAN_ORDER_STATUS.rejected, 'web', 'o-1')).toEqual({ kind: 'navigate', to: '/' });
  });
});
