import { describe, expect, it } from 'vitest';
import {
  type AssessmentFacts,
  ageOn,
  assessOrder,
  countedMonthlyIncome,
  monthlyRepayment,
  outcomeOf,
} from './assessment-policy.ts';

const PESO = 100;
const today = { year: 2026, month: 3, day: 2 };

/** A borrower who passes every rule: 35, everything done and verified, ₱20,000 a month, ₱5,000 for 91 days. */
const passing: AssessmentFacts = {
  today,
  birthday: '05-09-1990',
  completed: { basicInfo: true, additionInfo: true, identity: true, questionnaire: true, bankAccount: true },
  monthlySalary: '20000-29999',
  answers: { '9': 'none', '11': 'none' },
  totalPayable: 5_455 * PESO,
  tenureDays: 91,
  earlierOrderFellOverdue: false,
};

function reasonsOf(change: Partial<AssessmentFacts>) {
  return assessOrder({ ...passing, ...change }).reasons;
}

describe('assessOrder', () => {
  it('approves a borrower who passes every rule, with no reasons', () => {
    expect(assessOrder(passing)).toEqual({ decision: 'approve', reasons: [] });
  });

  it('age: 18 to 65 on the Manila date', () => {
    expect(reasonsOf({ birthday: '03-02-2008' })).toEqual([]); // 18 today
    expect(reasonsOf({ birthday: '03-03-2008' })).toEqual(['age']); // 18 tomorrow
    expect(reasonsOf({ birthday: '03-03-1960' })).toEqual([]); // 65, 66 tomorrow
    expect(reasonsOf({ birthday: '03-02-1960' })).toEqual(['age']); // 66 today
    expect(reasonsOf({ birthday: null })).toEqual(['age']);
    expect(reasonsOf({ birthday: '02-30-1990' })).toEqual(['age']);
  });

  it('a complete profile, a verified identity and a verified payout account', () => {
    const done = passing.completed;
    expect(reasonsOf({ completed: { ...done, additionInfo: false } })).toEqual(['profileIncomplete']);
    expect(reasonsOf({ completed: { ...done, basicInfo: false } })).toEqual(['profileIncomplete']);
    expect(reasonsOf({ completed: { ...done, identity: false } })).toEqual(['identityNotVerified']);
    expect(reasonsOf({ completed: { ...done, bankAccount: false } })).toEqual(['payoutAccountNotVerified']);
  });

  it('the questionnaire answered', () => {
    expect(reasonsOf({ completed: { ...passing.completed, questionnaire: false } })).toEqual([
      'questionnaireUnanswered',
    ]);
  });

  it('affordability: at most 40% of the income counted goes to the loan each month', () => {
    // Lowest band counts as ₱5,000: ₱2,000 a month is the most.
    const lowest = { monthlySalary: 'under10000' };
    expect(reasonsOf({ ...lowest, totalPayable: 2_000 * PESO, tenureDays: 30 })).toEqual([]);
    expect(reasonsOf({ ...lowest, totalPayable: 2_000 * PESO + 1, tenureDays: 30 })).toEqual([
      'incomeTooLow',
    ]);
    // ₱10,910 over 91 days is ₱3,597 a month: too much for the lowest band, fine from ₱10,000.
    expect(reasonsOf({ ...lowest, totalPayable: 10_910 * PESO })).toEqual(['incomeTooLow']);
    expect(reasonsOf({ monthlySalary: '10000-19999', totalPayable: 10_910 * PESO })).toEqual([]);
    expect(reasonsOf({ monthlySalary: null })).toEqual(['incomeTooLow']);
    expect(reasonsOf({ monthlySalary: 'lots' })).toEqual(['incomeTooLow']);
  });

  it('previous loans: an earlier order with us that fell overdue', () => {
    expect(reasonsOf({ earlierOrderFellOverdue: true })).toEqual(['overdueWithUs']);
  });

  it('previous loans: two or more overdue elsewhere now, or five or more being paid', () => {
    expect(reasonsOf({ answers: { '11': '2' } })).toEqual(['overdueElsewhere']);
    expect(reasonsOf({ answers: { '11': '3plus' } })).toEqual(['overdueElsewhere']);
    expect(reasonsOf({ answers: { '9': '5plus' } })).toEqual(['tooManyLoans']);
    expect(reasonsOf({ answers: { '11': 'none', '9': '2' } })).toEqual([]);
  });
});

describe('the refer band', () => {
  it('refers one loan overdue elsewhere, or three or four being paid, to a reviewer', () => {
    expect(assessOrder({ ...passing, answers: { '11': '1' } })).toEqual({
      decision: 'refer',
      reasons: ['oneLoanOverdueElsewhere'],
    });
    expect(assessOrder({ ...passing, answers: { '9': '3to4' } })).toEqual({
      decision: 'refer',
      reasons: ['severalLoansOpen'],
    });
  });

  it('rejects when a reject reason comes with a refer reason', () => {
    expect(assessOrder({ ...passing, answers: { '11': '1', '9': '5plus' } })).toEqual({
      decision: 'reject',
      reasons: ['oneLoanOverdueElsewhere', 'tooManyLoans'],
    });
    expect(outcomeOf([])).toBe('approve');
  });

  it('lists every failed rule, in a stable order', () => {
    expect(
      assessOrder({
        ...passing,
        birthday: '01-01-1950',
        monthlySalary: 'under10000',
        totalPayable: 10_910 * PESO,
        answers: { '11': '2' },
      }),
    ).toEqual({ decision: 'reject', reasons: ['age', 'incomeTooLow', 'overdueElsewhere'] });
  });
});

describe('the figures behind the rules', () => {
  it('counts whole years; a 29 February birthday turns over on 1 March', () => {
    const leapling = { year: 2008, month: 2, day: 29 };
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
});
