import { type AssessmentOutcome, type AssessmentReason, REASON_BAND } from '@hiram/contract/assessment';
import { ASSESSMENT_V1, CreditPolicyDocument, type DecisionFacts } from '@hiram/contract/credit-policy';
import { type CalendarDate, parseBirthday } from '@hiram/contract/profile';
import { describe, expect, it } from 'vitest';
import type { CompletedSteps } from '../../domain/application-progress.ts';
import { ageOn, countedMonthlyIncome, monthlyRepayment } from '../../domain/assessment-policy.ts';
import { BUREAU_NOT_ASKED } from './bureau-step.ts';
import { ownFacts, type SavedApplication } from './decision-facts.ts';
import { compilePolicy, evaluatePolicy } from './policy-engine.ts';

/**
 * Version 1 of the credit policy (ASSESSMENT_V1, run by json-rules-engine) decides as the code policy did
 * before the policy became data (ADR 0069): the old `assessOrder` is kept here, as the oracle, and every case
 * of its suite is decided by both.
 */

const PESO = 100;
const today = { year: 2026, month: 3, day: 2 };

/** The code policy as it was (domain/assessment-policy.ts before ADR 0069), word for word in its rules. */
function assessOrderAsBefore(facts: SavedApplication): {
  decision: AssessmentOutcome;
  reasons: AssessmentReason[];
} {
  const reasons: AssessmentReason[] = [];
  const birthday = facts.birthday ? parseBirthday(facts.birthday) : null;
  const age = birthday ? ageOn(birthday, facts.today) : null;
  if (age === null || age < 18 || age > 65) reasons.push('age');
  if (!facts.completed.basicInfo || !facts.completed.additionInfo) reasons.push('profileIncomplete');
  if (!facts.completed.identity) reasons.push('identityNotVerified');
  if (!facts.completed.bankAccount) reasons.push('payoutAccountNotVerified');
  if (!facts.completed.questionnaire) reasons.push('questionnaireUnanswered');
  const income = countedMonthlyIncome(facts.monthlySalary);
  const affordable =
    income !== null && monthlyRepayment(facts.totalPayable, facts.tenureDays) * 10_000 <= income * 4_000;
  if (!affordable) reasons.push('incomeTooLow');
  if (facts.earlierOrderFellOverdue) reasons.push('overdueWithUs');
  const overdue = facts.answers['11'] ?? '';
  if (['2', '3plus'].includes(overdue)) reasons.push('overdueElsewhere');
  if (overdue === '1') reasons.push('oneLoanOverdueElsewhere');
  const loans = facts.answers['9'] ?? '';
  if (loans === '5plus') reasons.push('tooManyLoans');
  if (loans === '3to4') reasons.push('severalLoansOpen');
  const decision: AssessmentOutcome = reasons.some((reason) => REASON_BAND[reason] === 'reject')
    ? 'reject'
    : reasons.length > 0
      ? 'refer'
      : 'approve';
  return { decision, reasons };
}

const NO_FRAUD = {
  sameIdNumberAccounts: 0,
  sameTaxNumberAccounts: 0,
  samePayoutAccountAccounts: 0,
  sameDeviceAccounts: 0,
  samePhotoAccounts: 0,
  payoutNameMismatch: false,
  deviceApplications: 1,
  addressApplications: 1,
};

const compiled = compilePolicy(ASSESSMENT_V1);

function factsOf(saved: SavedApplication): DecisionFacts {
  return { ...ownFacts(saved), ...NO_FRAUD, ...BUREAU_NOT_ASKED };
}

/** Decided by version 1 on the engine, checked against the code policy on the same case. */
async function assess(saved: SavedApplication) {
  const verdict = await evaluatePolicy(compiled, factsOf(saved));
  const decided = { decision: verdict.outcome, reasons: verdict.reasons };
  expect(decided).toEqual(assessOrderAsBefore(saved));
  return decided;
}

/** A borrower who passes every rule: 35, everything done and verified, ₱20,000 a month, ₱5,000 for 91 days. */
const done: CompletedSteps = {
  basicInfo: true,
  additionInfo: true,
  identity: true,
  questionnaire: true,
  bankAccount: true,
};
const passing: SavedApplication = {
  today,
  birthday: '05-09-1990',
  completed: done,
  monthlySalary: '20000-29999',
  answers: { '9': 'none', '11': 'none' },
  totalPayable: 5_455 * PESO,
  tenureDays: 91,
  earlierOrderFellOverdue: false,
  loansRepaid: 0,
};

async function reasonsOf(change: Partial<SavedApplication>) {
  return (await assess({ ...passing, ...change })).reasons;
}

describe('version 1 on the rules engine, case by case against the code policy', () => {
  it('approves a borrower who passes every rule, with no reasons', async () => {
    expect(await assess(passing)).toEqual({ decision: 'approve', reasons: [] });
  });

  it('age: 18 to 65 on the Manila date', async () => {
    expect(await reasonsOf({ birthday: '03-02-2008' })).toEqual([]); // 18 today
    expect(await reasonsOf({ birthday: '03-03-2008' })).toEqual(['age']); // 18 tomorrow
    expect(await reasonsOf({ birthday: '03-03-1960' })).toEqual([]); // 65, 66 tomorrow
    expect(await reasonsOf({ birthday: '03-02-1960' })).toEqual(['age']); // 66 today
    expect(await reasonsOf({ birthday: null })).toEqual(['age']);
    expect(await reasonsOf({ birthday: '02-30-1990' })).toEqual(['age']);
  });

  it('a complete profile, a verified identity and a verified payout account', async () => {
    expect(await reasonsOf({ completed: { ...done, additionInfo: false } })).toEqual(['profileIncomplete']);
    expect(await reasonsOf({ completed: { ...done, basicInfo: false } })).toEqual(['profileIncomplete']);
    expect(await reasonsOf({ completed: { ...done, identity: false } })).toEqual(['identityNotVerified']);
    expect(await reasonsOf({ completed: { ...done, bankAccount: false } })).toEqual([
      'payoutAccountNotVerified',
    ]);
  });

  it('the questionnaire answered', async () => {
    expect(await reasonsOf({ completed: { ...done, questionnaire: false } })).toEqual([
      'questionnaireUnanswered',
    ]);
  });

  it('affordability: at most 40% of the income counted goes to the loan each month', async () => {
    // Lowest band counts as ₱5,000: ₱2,000 a month is the most.
    const lowest = { monthlySalary: 'under10000' };
    expect(await reasonsOf({ ...lowest, totalPayable: 2_000 * PESO, tenureDays: 30 })).toEqual([]);
    expect(await reasonsOf({ ...lowest, totalPayable: 2_000 * PESO + 1, tenureDays: 30 })).toEqual([
      'incomeTooLow',
    ]);
    // ₱10,910 over 91 days is ₱3,597 a month: too much for the lowest band, fine from ₱10,000.
    expect(await reasonsOf({ ...lowest, totalPayable: 10_910 * PESO })).toEqual(['incomeTooLow']);
    expect(await reasonsOf({ monthlySalary: '10000-19999', totalPayable: 10_910 * PESO })).toEqual([]);
    expect(await reasonsOf({ monthlySalary: null })).toEqual(['incomeTooLow']);
    expect(await reasonsOf({ monthlySalary: 'lots' })).toEqual(['incomeTooLow']);
  });

  it('affordability at the edge: one centavo either side of 40%, across bands and tenures', async () => {
    for (const monthlySalary of ['under10000', '10000-19999', '30000-49999', '100000plus'])
      for (const tenureDays of [7, 14, 30, 61, 91, 120]) {
        const income = countedMonthlyIncome(monthlySalary) as number;
        // The largest payable whose monthly share is at most 40%, and the next centavo.
        const most = Math.floor(((income * 4_000) / 10_000) * Math.max(30, tenureDays)) / 30;
        for (const totalPayable of [
          Math.floor(most) - 1,
          Math.floor(most),
          Math.floor(most) + 1,
          Math.ceil(most) + 1,
        ])
          await assess({ ...passing, monthlySalary, tenureDays, totalPayable });
      }
  });

  it('previous loans: an earlier order with us that fell overdue', async () => {
    expect(await reasonsOf({ earlierOrderFellOverdue: true })).toEqual(['overdueWithUs']);
  });

  it('previous loans: two or more overdue elsewhere now, or five or more being paid', async () => {
    expect(await reasonsOf({ answers: { '11': '2' } })).toEqual(['overdueElsewhere']);
    expect(await reasonsOf({ answers: { '11': '3plus' } })).toEqual(['overdueElsewhere']);
    expect(await reasonsOf({ answers: { '9': '5plus' } })).toEqual(['tooManyLoans']);
    expect(await reasonsOf({ answers: { '11': 'none', '9': '2' } })).toEqual([]);
    expect(await reasonsOf({ answers: {} })).toEqual([]);
  });

  it('refers one loan overdue elsewhere, or three or four being paid, to a reviewer', async () => {
    expect(await assess({ ...passing, answers: { '11': '1' } })).toEqual({
      decision: 'refer',
      reasons: ['oneLoanOverdueElsewhere'],
    });
    expect(await assess({ ...passing, answers: { '9': '3to4' } })).toEqual({
      decision: 'refer',
      reasons: ['severalLoansOpen'],
    });
  });

  it('rejects when a reject reason comes with a refer reason', async () => {
    expect(await assess({ ...passing, answers: { '11': '1', '9': '5plus' } })).toEqual({
      decision: 'reject',
      reasons: ['oneLoanOverdueElsewhere', 'tooManyLoans'],
    });
  });

  it('lists every failed rule, in a stable order', async () => {
    expect(
      await assess({
        ...passing,
        birthday: '01-01-1950',
        monthlySalary: 'under10000',
        totalPayable: 10_910 * PESO,
        answers: { '11': '2' },
      }),
    ).toEqual({ decision: 'reject', reasons: ['age', 'incomeTooLow', 'overdueElsewhere'] });
  });

  it('agrees on every combination of the saved steps, answers and record', async () => {
    const steps = Object.keys(done) as (keyof CompletedSteps)[];
    let cases = 0;
    for (let mask = 0; mask < 1 << steps.length; mask += 1)
      for (const overdue of ['none', '1', '2', '3plus', ''])
        for (const loans of ['none', '2', '3to4', '5plus'])
          for (const earlierOrderFellOverdue of [false, true]) {
            const completed = Object.fromEntries(steps.map((step, i) => [step, (mask & (1 << i)) === 0]));
            await assess({
              ...passing,
              completed: completed as CompletedSteps,
              answers: { '9': loans, '11': overdue },
              earlierOrderFellOverdue,
            });
            cases += 1;
          }
    expect(cases).toBe(32 * 5 * 4 * 2);
  });

  it('version 1 as migration 0051 published it (no assessment section) reads as ASSESSMENT_V1', () => {
    const document = CreditPolicyDocument.parse({
      creditLine: { starter: 300_000, ladder: [500_000], overdue: { afterDays: 7, action: 'lowerOneRung' } },
    });
    expect(document.assessment).toEqual(ASSESSMENT_V1);
  });
});

describe('the figures behind the facts', () => {
  it('counts whole years; a 29 February birthday turns over on 1 March', () => {
    const leapling: CalendarDate = { year: 2008, month: 2, day: 29 };
    expect(ageOn(leapling, { year: 2026, month: 2, day: 28 })).toBe(17);
    expect(ageOn(leapling, { year: 2026, month: 3, day: 1 })).toBe(18);
  });

  it('counts the band’s lower bound, the lowest band as ₱5,000', () => {
    expect(countedMonthlyIncome('under10000')).toBe(5_000 * PESO);
    expect(countedMonthlyIncome('30000-49999')).toBe(30_000 * PESO);
    expect(countedMonthlyIncome('100000plus')).toBe(100_000 * PESO);
    expect(countedMonthlyIncome(null)).toBeNull();
  });

  it('spreads the payable per 30 days, a short loan as one month', () => {
    expect(monthlyRepayment(3_000 * PESO, 90)).toBe(1_000 * PESO);
    expect(monthlyRepayment(1_000 * PESO, 14)).toBe(1_000 * PESO);
  });

  it('keeps the facts a backtest replays: age, the share of income, the record', () => {
    expect(ownFacts({ ...passing, loansRepaid: 3 })).toMatchObject({
      ageKnown: true,
      age: 35,
      incomeKnown: true,
      // ₱5,455 over 91 days is ₱1,799 a month, 9% of ₱20,000.
      repaymentShareBps: 900,
      loansRepaid: 3,
    });
    expect(ownFacts({ ...passing, birthday: null, monthlySalary: null })).toMatchObject({
      ageKnown: false,
      age: 0,
      incomeKnown: false,
      repaymentShareBps: 0,
    });
  });
});
