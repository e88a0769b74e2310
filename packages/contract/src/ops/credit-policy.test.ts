import { describe, expect, it } from 'vitest';
import {
  ASSESSMENT_V1,
  type AssessmentRule,
  type CreditPolicyDocument,
  DECISION_FACT_NAMES,
  FACT_OPERATORS,
  type FactCondition,
} from '../credit-policy.ts';
import {
  conditionsText,
  FACT_GROUPS,
  FACT_LABELS,
  factAnswers,
  newCondition,
  newRule,
  policyChanges,
  withFact,
  withOperator,
} from './credit-policy.ts';

const VERSION_1: CreditPolicyDocument = {
  creditLine: {
    starter: 300_000,
    ladder: [500_000, 800_000],
    overdue: { afterDays: 7, action: 'lowerOneRung' },
  },
  assessment: ASSESSMENT_V1,
};

describe('a policy in words', () => {
  it('reads each of version 1’s rules in the console’s words', () => {
    const words = ASSESSMENT_V1.rules.map((rule) => conditionsText(rule.conditions));
    expect(words).toContain('Age known is no, or Age is below 18, or Age is above 65');
    expect(words).toContain('Income known is no, or Repayment per 30 days, share of income is above 40%');
    expect(words).toContain('Loans overdue elsewhere (her answer) is one of 2, 3 or more');
  });

  it('lists old → new per field: pesos for the line, one line per threshold, a rule turned on or off whole', () => {
    const next: CreditPolicyDocument = {
      creditLine: { ...VERSION_1.creditLine, starter: 200_000, ladder: [500_000, 1_000_000] },
      assessment: {
        ...ASSESSMENT_V1,
        rules: [
          ...ASSESSMENT_V1.rules
            .filter((rule) => rule.reason !== 'tooManyLoans')
            .map((rule) =>
              rule.reason === 'incomeTooLow'
                ? {
                    ...rule,
                    conditions: {
                      any: [
                        { fact: 'incomeKnown' as const, operator: 'equal' as const, value: false },
                        {
                          fact: 'repaymentShareBps' as const,
                          operator: 'greaterThan' as const,
                          value: 3_500,
                        },
                      ],
                    },
                  }
                : rule,
            ),
          newRule('sameIdElsewhere'),
        ],
      },
    };
    const changes = policyChanges(VERSION_1, next);
    expect(changes).toEqual([
      {
        field: 'creditLine.starter',
        label: "A new borrower's line (starter)",
        kind: 'money',
        before: 300_000,
        after: 200_000,
      },
      {
        field: 'creditLine.ladder',
        label: 'Ladder (each loan repaid on time climbs one rung)',
        kind: 'text',
        before: '₱5,000, ₱8,000',
        after: '₱5,000, ₱10,000',
      },
      {
        field: 'assessment.rules.incomeTooLow.1',
        label: 'Rule: Repayment too large a share of income: Repayment per 30 days, share of income is above',
        kind: 'text',
        before: '40%',
        after: '35%',
      },
      {
        field: 'assessment.rules.tooManyLoans',
        label: 'Rule: Paying five or more loans',
        kind: 'text',
        before: 'Reject when Loans she is paying (her answer) is one of 5 or more',
        after: null,
      },
      {
        field: 'assessment.rules.sameIdElsewhere',
        label: 'Rule: National ID number used by another account',
        kind: 'text',
        before: null,
        after: 'Refer to a reviewer when Other accounts with the same ID number is above 0',
      },
    ]);
    expect(policyChanges(VERSION_1, VERSION_1)).toEqual([]);
  });

  it('names every fact once, in one of the editor’s groups', () => {
    const grouped = FACT_GROUPS.flatMap((group) => group.facts);
    expect([...grouped].sort()).toEqual([...DECISION_FACT_NAMES].sort());
    expect(new Set(Object.values(FACT_LABELS)).size).toBe(DECISION_FACT_NAMES.length);
    expect(factAnswers('bureauStatus')?.map((answer) => answer.label)).toEqual([
      'a report',
      'no record',
      'no answer',
      'not asked',
    ]);
    expect(factAnswers('overdueElsewhereAnswer')?.map((answer) => answer.value)).toEqual([
      'none',
      '1',
      '2',
      '3plus',
    ]);
  });

  it('keeps a condition meaningful when its fact or comparison changes', () => {
    const score = { fact: 'bureauScore', operator: 'lessThan', value: 520 } as const;
    // Another number keeps its comparison and value; a yes/no fact takes "is yes"; answers their first.
    expect(withFact(score, 'loansRepaid')).toEqual({ fact: 'loansRepaid', operator: 'lessThan', value: 520 });
    expect(withFact(score, 'identityVerified')).toEqual({
      fact: 'identityVerified',
      operator: 'equal',
      value: true,
    });
    expect(withFact(score, 'bureauStatus')).toEqual({ fact: 'bureauStatus', operator: 'equal', value: 'ok' });
    const answers: FactCondition = { fact: 'overdueElsewhereAnswer', operator: 'in', value: ['2', '3plus'] };
    expect(withFact(answers, 'loansBeingPaidAnswer')).toEqual({
      fact: 'loansBeingPaidAnswer',
      operator: 'in',
      value: ['none'],
    });
    // "is" ↔ "is one of": the answer becomes a list of it, and the list its first answer.
    expect(withOperator(answers, 'equal')).toEqual({ ...answers, operator: 'equal', value: '2' });
    expect(withOperator({ ...answers, operator: 'equal', value: '1' }, 'notIn').value).toEqual(['1']);
    // A new condition tests a fact the rule does not test yet, with an operator its type allows.
    const added = newCondition(['ageKnown', 'age']);
    expect(added.fact).toBe('profileComplete');
    expect(FACT_OPERATORS.boolean).toContain(added.operator);
  });

  it('says in words what a condition added, removed, rewritten or a group switched changes', () => {
    const rules = (age: AssessmentRule['conditions'], income: AssessmentRule['conditions']) => ({
      ...VERSION_1,
      assessment: {
        ...ASSESSMENT_V1,
        rules: ASSESSMENT_V1.rules.map((rule) =>
          rule.reason === 'age'
            ? { ...rule, conditions: age }
            : rule.reason === 'incomeTooLow'
              ? { ...rule, conditions: income }
              : rule,
        ),
      },
    });
    const [age, income] = ['age', 'incomeTooLow'].map(
      (reason) => ASSESSMENT_V1.rules.find((rule) => rule.reason === reason)?.conditions,
    ) as [{ any: AssessmentRule['conditions'][] }, { any: AssessmentRule['conditions'][] }];
    const next = rules(
      // Age: "below 18" becomes "at most 20", "above 65" becomes 70, and "no loan repaid" is added.
      {
        any: [
          { fact: 'ageKnown', operator: 'equal', value: false },
          { fact: 'age', operator: 'lessThanInclusive', value: 20 },
          { fact: 'age', operator: 'greaterThan', value: 70 },
          { fact: 'loansRepaid', operator: 'equal', value: 0 },
        ],
      },
      // Income: all of them instead of any, and "income known is no" removed.
      { all: [{ fact: 'repaymentShareBps', operator: 'greaterThan', value: 4_000 }] },
    );
    expect(age.any).toHaveLength(3);
    expect(income.any).toHaveLength(2);
    const changes = policyChanges(VERSION_1, next).map(({ label, before, after }) => [label, before, after]);
    expect(changes).toEqual([
      [
        'Rule: Age outside the lending range',
        'Reject when Age known is no, or Age is below 18, or Age is above 65',
        'Reject when Age known is no, or Age is at most 20, or Age is above 70, or Loans repaid with us is 0',
      ],
      ['Rule: Age outside the lending range: condition 2', 'Age is below 18', 'Age is at most 20'],
      ['Rule: Age outside the lending range: Age is above', '65', '70'],
      ['Rule: Age outside the lending range: condition added', 'none', 'Loans repaid with us is 0'],
      [
        'Rule: Repayment too large a share of income',
        'Reject when Income known is no, or Repayment per 30 days, share of income is above 40%',
        'Reject when Repayment per 30 days, share of income is above 40%',
      ],
      [
        'Rule: Repayment too large a share of income: applies when',
        'any of its conditions holds',
        'all of its conditions hold',
      ],
      ['Rule: Repayment too large a share of income: condition removed', 'Income known is no', 'none'],
    ]);
    // Each line has its own field (the checker's table keys its rows by it).
    const fields = policyChanges(VERSION_1, next).map((change) => change.field);
    expect(new Set(fields).size).toBe(fields.length);
  });
});
