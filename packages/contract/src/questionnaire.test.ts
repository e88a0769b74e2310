import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { isValidAnswer, QUESTIONNAIRE, QUESTIONNAIRE_MESSAGES } from './questionnaire.ts';

describe('credit-history questionnaire', () => {
  it('has 11 questions with codes 1 to 11 in order', () => {
    expect(QUESTIONNAIRE.map((question) => question.code)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it.each(QUESTIONNAIRE.map((question) => [question.code, question] as const))(
    'question %i has 3 to 6 options with unique values and every text in every language',
    (_code, question) => {
      expect(question.options.length).toBeGreaterThanOrEqual(3);
      expect(question.options.length).toBeLessThanOrEqual(6);
      const values = question.options.map((option) => option.value);
      expect(new Set(values).size).toBe(values.length);
      for (const lang of LANGUAGES) {
        expect(question.text[lang].trim()).not.toBe('');
        for (const option of question.options) expect(option.label[lang].trim()).not.toBe('');
        const labels = question.options.map((option) => option.label[lang]);
        expect(new Set(labels).size).toBe(labels.length);
      }
    },
  );

  it('accepts only the options of the question asked', () => {
    expect(isValidAnswer(1, 'no')).toBe(true);
    expect(isValidAnswer(4, 'lendingApp')).toBe(true);
    expect(isValidAnswer(11, '3plus')).toBe(true);
    expect(isValidAnswer(1, 'lendingApp')).toBe(false);
    expect(isValidAnswer(1, '')).toBe(false);
    expect(isValidAnswer(1, 'No')).toBe(false);
    expect(isValidAnswer(0, 'no')).toBe(false);
    expect(isValidAnswer(12, 'none')).toBe(false);
  });

  it('says its prompts in plain words in every language', () => {
    expect(QUESTIONNAIRE_MESSAGES.firstAnswer.en).toBe('First answer the question');
    expect(QUESTIONNAIRE_MESSAGES.complete.en).toBe('Complete the credit history questionnaire');
    expect(QUESTIONNAIRE_MESSAGES.unanswered.en).toBe(
      'Some questions have no answer yet. Please answer each one',
    );
    for (const message of Object.values(QUESTIONNAIRE_MESSAGES)) {
      for (const lang of LANGUAGES) expect(message[lang].trim()).not.toBe('');
    }
  });
});
