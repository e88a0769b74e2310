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

export function applicationProgress(completed: CompletedSteps): ApplicationProgress {
  const next = STEPS.find((entry) => !completed[entry.done]);
  return { completed: { ...completed }, nextStep: next?.step ?? null, status: next?.status ?? null };
}
