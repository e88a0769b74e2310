import type { ApplicationProgress, ApplicationStep } from '@hiram/contract/api/application';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';

/**
 * Which application step comes next (SPEC section 2, status dispatcher): the first incomplete one, in the
 * order basic info, additional info, identity, questionnaire, account. Its loan-order status is the code
 * the app's dispatcher already knows.
 */
export type CompletedSteps = ApplicationProgress['completed'];

const STEPS: readonly { done: keyof CompletedSteps; step: ApplicationStep; status: number }[] = [
  { done: 'basicInfo', step: 'personal_infomation', status: LOAN_ORDER_STATUS.basicInfo },
  { done: 'additionInfo', step: 'additionalInfomation', status: LOAN_ORDER_STATUS.addition },
  { done: 'identity', step: 'id_card_authentication', status: LOAN_ORDER_STATUS.identityOcr },
  { done: 'questionnaire', step: 'loan_question', status: LOAN_ORDER_STATUS.question },
  { done: 'bankAccount', step: 'addBankCard', status: LOAN_ORDER_STATUS.bindCard },
];

/** The steps whose check is out with a provider (the ID being read or matched, the account being checked). */
export type CheckingSteps = Partial<Record<'identity' | 'bankAccount', boolean>>;

/**
 * While the next step is done on the borrower's side and only our provider's answer is awaited, the status
 * is Validation (16, SPEC section 2): the dispatcher opens the validation screen, which waits for the answer
 * and then goes on (ADR 0042). The step stays `nextStep`: a refused check is fixed there.
 */
export function applicationProgress(
  completed: CompletedSteps,
  checking: CheckingSteps = {},
): ApplicationProgress {
  const next = STEPS.find((entry) => !completed[entry.done]);
  if (!next) return { completed: { ...completed }, nextStep: null, status: null };
  const waiting = (next.done === 'identity' || next.done === 'bankAccount') && checking[next.done] === true;
  return {
    completed: { ...completed },
    nextStep: next.step,
    status: waiting ? LOAN_ORDER_STATUS.validation : next.status,
  };
}
