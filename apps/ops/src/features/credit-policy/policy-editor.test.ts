import { ASSESSMENT_V1 } from '@hiram/contract/credit-policy';
import { newCondition, newRule, withFact } from '@hiram/contract/ops/credit-policy';
import { describe, expect, it } from 'vitest';
import { checkDraft, type Draft, setIn } from './policy-editor.tsx';

const VERSION_1: Draft = {
  creditLine: {
    starter: 300_000,
    ladder: [500_000, 800_000],
    overdue: { afterDays: 7, action: 'lowerOneRung' },
  },
  assessment: structuredClone(ASSESSMENT_V1),
};

describe('the draft as the editor checks it', () => {
  it('is a document when the contract’s schema takes it', () => {
    const { document, problems } = checkDraft(VERSION_1);
    expect(problems.size).toBe(0);
    expect(document?.creditLine.starter).toBe(300_000);
  });

  it('marks each problem on its field’s path, in words', () => {
    const empty = checkDraft(setIn(VERSION_1, ['creditLine', 'starter'], ''));
    expect(empty.document).toBeNull();
    expect(empty.problems.get('creditLine.starter')).toBe('Enter a number');
    const below = checkDraft(setIn(VERSION_1, ['creditLine', 'ladder'], [200_000, 800_000]));
    expect(below.problems.get('creditLine.ladder.0')).toBe(
      'each rung is above the starter and the rung before it',
    );
  });

  it('wants a number where the rule tests a number, though the schema takes any value', () => {
    // Age rule: any of [ageKnown = false, age < 18, age > 65]; the third value typed as "6x".
    const path = ['assessment', 'rules', 0, 'conditions', 'any', 2, 'value'];
    const typed = checkDraft(setIn(VERSION_1, path, '6x'));
    expect(typed.document).toBeNull();
    expect(typed.problems.get(path.join('.'))).toBe('Enter a number');
  });

  it('changes a copy, never the draft it was given', () => {
    const changed = setIn(VERSION_1, ['assessment', 'reapplyAfterDays'], 45);
    expect((changed.assessment as { reapplyAfterDays: number }).reapplyAfterDays).toBe(45);
    expect((VERSION_1.assessment as { reapplyAfterDays: number }).reapplyAfterDays).toBe(30);
  });

  it('takes a rule whose conditions the officer rewrote: another fact, one added, all instead of any', () => {
    // "Reject when the bureau score is below 520 and she has repaid no loan with us".
    const rule = newRule('bureauLowScore');
    const conditions = rule.conditions as { all: unknown[] };
    const score = withFact(newCondition([]), 'bureauScore');
    const written = {
      ...rule,
      band: 'reject',
      conditions: {
        all: [
          { ...score, operator: 'lessThan', value: 520 },
          { fact: 'loansRepaid', operator: 'equal', value: 0 },
        ],
      },
    };
    expect(conditions.all).toHaveLength(2);
    const rules = [...ASSESSMENT_V1.rules, written];
    const { document, problems } = checkDraft(setIn(VERSION_1, ['assessment', 'rules'], rules));
    expect([...problems]).toEqual([]);
    expect(document?.assessment.rules.at(-1)?.conditions).toEqual(written.conditions);
    // The age rule's "any of" switched to "all of": the same conditions, another group.
    const age = ASSESSMENT_V1.rules[0]?.conditions as { any: unknown[] };
    const switched = checkDraft(setIn(VERSION_1, ['assessment', 'rules', 0, 'conditions'], { all: age.any }));
    expect(switched.problems.size).toBe(0);
  });

  it('marks a comparison or an answer the fact does not take next to it', () => {
    // Version 1's "overdue elsewhere" rule: one of [2, 3 or more].
    const index = ASSESSMENT_V1.rules.findIndex((rule) => rule.reason === 'overdueElsewhere');
    const path = ['assessment', 'rules', index, 'conditions', 'all', 0];
    const below = checkDraft(setIn(VERSION_1, [...path, 'operator'], 'lessThan'));
    expect(below.document).toBeNull();
    expect(below.problems.get([...path, 'operator'].join('.'))).toBe(
      'This comparison does not apply to this fact',
    );
    const none = checkDraft(setIn(VERSION_1, [...path, 'value'], []));
    expect(none.problems.get([...path, 'value'].join('.'))).toBe('Choose at least one answer');
  });
});
