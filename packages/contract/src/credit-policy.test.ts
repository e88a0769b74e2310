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
});
