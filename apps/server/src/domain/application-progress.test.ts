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
});
