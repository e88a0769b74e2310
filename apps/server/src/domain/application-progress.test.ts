import { describe, expect, it } from 'vitest';
import { applicationProgress } from './application-progress.ts';

const none = {
  basicInfo: false,
  additionInfo: false,
  identity: false,
  questionnaire: false,
  bankAccount: false,
};

describe('applicationProgress', () => {
  it('sends a new borrower to personal information (status 6)', () => {
    expect(applicationProgress(none)).toEqual({
      completed: none,
      nextStep: 'personal_infomation',
      status: 6,
    });
  });

  it('walks the steps in order with their status codes', () => {
    const order: [keyof typeof none, string | null, number | null][] = [
      ['basicInfo', 'additionalInfomation', 11],
      ['additionInfo', 'id_card_authentication', 12],
      ['identity', 'loan_question', 17],
      ['questionnaire', 'addBankCard', 5],
      ['bankAccount', null, null],
    ];
    const done = { ...none };
    for (const [step, nextStep, status] of order) {
      done[step] = true;
      const progress = applicationProgress(done);
      expect([progress.nextStep, progress.status]).toEqual([nextStep, status]);
    }
  });

  it('goes back to the first incomplete step, whatever comes after it', () => {
    const progress = applicationProgress({
      ...none,
      basicInfo: true,
      questionnaire: true,
      bankAccount: true,
    });
    expect(progress.nextStep).toBe('additionalInfomation');
  });

  it('is Validation (16) while the next step only waits for our provider, and the step stays named', () => {
    const toIdentity = { ...none, basicInfo: true, additionInfo: true };
    expect(applicationProgress(toIdentity, { identity: true })).toMatchObject({
      nextStep: 'id_card_authentication',
      status: 16,
    });
    const toAccount = { ...toIdentity, identity: true, questionnaire: true };
    expect(applicationProgress(toAccount, { bankAccount: true })).toMatchObject({
      nextStep: 'addBankCard',
      status: 16,
    });
    // A check on a later step does not hold up an earlier one; nothing is awaited once everything is done.
    expect(applicationProgress(toIdentity, { bankAccount: true }).status).toBe(12);
    expect(applicationProgress({ ...toAccount, bankAccount: true }, { bankAccount: true }).status).toBeNull();
  });
});
