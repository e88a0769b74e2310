import { QUESTIONNAIRE, type QuestionCode } from '@hiram/contract/questionnaire';
import { describe, expect, it } from 'vitest';
import {
  type Answers,
  answeredCount,
  answersPayload,
  isComplete,
  savedAnswers,
  unansweredCodes,
} from './answers.ts';

function firstOption(code: QuestionCode): string {
  const option = QUESTIONNAIRE.find((question) => question.code === code)?.options[0];
  if (!option) throw new Error(`question ${code} has no options`);
  return option.value;
}

const allAnswered: Answers = Object.fromEntries(
  QUESTIONNAIRE.map((question) => [question.code, firstOption(question.code)]),
);

describe('questionnaire completeness', () => {
  it('is complete when every question has one of its options', () => {
    expect(isComplete(allAnswered)).toBe(true);
    expect(unansweredCodes(allAnswered)).toEqual([]);
    expect(answeredCount(allAnswered)).toBe(11);
  });

  it('lists the gaps in the order shown, the first one first', () => {
    const answers: Answers = { ...allAnswered };
    delete answers[7];
    delete answers[2];
    expect(unansweredCodes(answers)).toEqual([2, 7]);
    expect(isComplete(answers)).toBe(false);
    expect(answeredCount(answers)).toBe(9);
  });

  it('counts a pick that is not an option of its question as unanswered', () => {
    expect(unansweredCodes({ ...allAnswered, 3: 'maybe' })).toEqual([3]);
  });

  it('starts with every question unanswered', () => {
    expect(unansweredCodes({})).toHaveLength(11);
  });
});

describe('what is sent and what was saved', () => {
  it('sends every answer in question order', () => {
    const payload = answersPayload(allAnswered);
    expect(payload.map((entry) => entry.code)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(payload[0]).toEqual({ code: 1, answer: firstOption(1) });
  });

  it('leaves out picks that are not options', () => {
    expect(answersPayload({ 1: 'nonsense', 2: firstOption(2) })).toEqual([
      { code: 2, answer: firstOption(2) },
    ]);
  });

  it('reads saved answers by code, dropping those no longer offered', () => {
    expect(savedAnswers({ '1': firstOption(1), '4': 'retired-option' })).toEqual({ 1: firstOption(1) });
    expect(savedAnswers(null)).toEqual({});
  });
});
