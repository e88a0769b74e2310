import { describe, expect, it } from 'vitest';
import {
  FORBIDDEN_WORDS,
  forbiddenWordsIn,
  normalizedWords,
  placeholdersIn,
  templateProblems,
} from './dunning.ts';

const LENDER = '{lenderName}, SEC Reg. {secRegistration}, CA {caNumber}.';

describe('dunning templates (ADR 0076)', () => {
  it('takes only the closed list of placeholders, and needs the lender in every message', () => {
    expect(templateProblems(`Hi {firstName}, {amountDue} is due. ${LENDER}`, 'en')).toEqual({
      unknown: [],
      missing: [],
      forbidden: [],
    });
    expect(templateProblems(`Hi {firstName}, call {employerName}. ${LENDER}`, 'en').unknown).toEqual([
      'employerName',
    ]);
    expect(templateProblems('Hi {firstName}, {amountDue} is due.', 'en').missing).toEqual([
      'lenderName',
      'secRegistration',
      'caNumber',
    ]);
    expect(placeholdersIn('{a} and {b}')).toEqual(['a', 'b']);
  });

  it('finds threats, insults and shaming in each language, whole words only, accents and case ignored', () => {
    expect(forbiddenWordsIn('You will go to JAIL.', 'en')).toEqual(['jail']);
    expect(forbiddenWordsIn('Makukulong ka, gago!', 'fil')).toEqual(['makukulong', 'gago']);
    expect(forbiddenWordsIn('Irá a la CÁRCEL.', 'es')).toEqual(['carcel']);
    expect(forbiddenWordsIn('Sabihan namin ang police.', 'fil')).toEqual(['police']);
    expect(forbiddenWordsIn('We will tell your employer.', 'en')).toEqual(['your employer']);
    // Whole words: "penalización" is not "penal", "jailbreak" is not "jail", "harmless" is not "harm".
    expect(forbiddenWordsIn('Una penalización; jailbreak; harmless.', 'es')).toEqual([]);
    expect(normalizedWords('Préstamo, {amountDue}!')).toBe(' prestamo ');
  });

  it('every list entry is matchable as written', () => {
    for (const [language, words] of Object.entries(FORBIDDEN_WORDS))
      for (const word of words)
        expect(forbiddenWordsIn(`x ${word} x`, language as 'en').length, word).toBeGreaterThan(0);
  });
});
