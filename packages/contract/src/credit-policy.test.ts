import { describe, expect, it } from 'vitest';
import { ASSESSMENT_V1, AssessmentPolicy, CreditPolicyDocument } from './credit-policy.ts';

const LINE = { starter: 300_000, ladder: [500_000], overdue: { afterDays: 7, action: 'lowerOneRung' } };

describe('the credit policy document', () => {
  it('reads a version written before the assessment section as version 1 rules', () => {
    expect(CreditPolicyDocument.parse({ creditLine: LINE }).assessment).toEqual(ASSESSMENT_V1);
  });

  it('refuses two rules for one reason, naming the second', () => {
    const twice = { ...ASSESSMENT_V1, rules: [...ASSESSMENT_V1.rules, ASSESSMENT_V1.rules[0]] };
    const result = AssessmentPolicy.safeParse(twice);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['rules', ASSESSMENT_V1.rules.length, 'reason']);
  });

  it('refuses asking the bureau without saying what an unanswered inquiry does', () => {
    const result = AssessmentPolicy.safeParse({ ...ASSESSMENT_V1, askBureau: true });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['askBureau']]);
    const withRule = {
      ...ASSESSMENT_V1,
      askBureau: true,
      rules: [
        ...ASSESSMENT_V1.rules,
        {
          reason: 'bureauUnavailable',
          band: 'refer',
          conditions: { all: [{ fact: 'bureauStatus', operator: 'equal', value: 'unavailable' }] },
        },
      ],
    };
    expect(AssessmentPolicy.safeParse(withRule).success).toBe(true);
  });

  it('refuses a condition on a fact the server does not gather', () => {
    const unknown = {
      ...ASSESSMENT_V1,
      rules: [
        {
          reason: 'age',
          band: 'reject',
          conditions: { all: [{ fact: 'favouriteColour', operator: 'equal', value: 'red' }] },
        },
      ],
    };
    expect(AssessmentPolicy.safeParse(unknown).success).toBe(false);
  });

  it('takes only the comparisons and values a fact’s type means, each problem on its own path', () => {
    const rule = (conditions: unknown) => ({
      ...ASSESSMENT_V1,
      rules: [{ reason: 'bureauLowScore', band: 'reject', conditions }],
    });
    const problems = (conditions: unknown) =>
      AssessmentPolicy.safeParse(rule(conditions)).error?.issues.map((issue) => [
        issue.path.join('.'),
        issue.message,
      ]) ?? [];
    // "Reject when the bureau score is below 520 and she has repaid no loan with us": fine.
    expect(
      problems({
        all: [
          { fact: 'bureauScore', operator: 'lessThan', value: 520 },
          { fact: 'loansRepaid', operator: 'equal', value: 0 },
        ],
      }),
    ).toEqual([]);
    expect(
      problems({
        any: [
          { fact: 'bureauStatus', operator: 'lessThan', value: 'ok' },
          { fact: 'bureauScore', operator: 'lessThan', value: '520' },
          { fact: 'identityVerified', operator: 'equal', value: 'false' },
          { all: [{ fact: 'overdueElsewhereAnswer', operator: 'in', value: [] }] },
          { fact: 'loansBeingPaidAnswer', operator: 'equal', value: ['5plus'] },
          { fact: 'bureauStatus', operator: 'notIn', value: ['ok', 'maybe'] },
        ],
      }),
    ).toEqual([
      ['rules.0.conditions.any.0.operator', 'This comparison does not apply to this fact'],
      ['rules.0.conditions.any.1.value', 'Enter a number'],
      ['rules.0.conditions.any.2.value', 'Choose yes or no'],
      ['rules.0.conditions.any.3.all.0.value', 'Choose at least one answer'],
      ['rules.0.conditions.any.4.value', 'Choose an answer'],
      ['rules.0.conditions.any.5.value', 'Not one of the answers this fact takes'],
    ]);
    // An unanswered question is a value the fact holds, so a rule may test it.
    expect(problems({ all: [{ fact: 'overdueElsewhereAnswer', operator: 'equal', value: '' }] })).toEqual([]);
  });
});
