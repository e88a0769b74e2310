import { describe, expect, it } from 'vitest';
import { ASSESSMENT_V1, type CreditPolicyDocument } from '../credit-policy.ts';
import { conditionsText, newRule, policyChanges } from './credit-policy.ts';

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
});
