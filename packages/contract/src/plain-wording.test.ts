import { describe, expect, it } from 'vitest';
import { ERRORS } from './errors.ts';
import { FIELD_MESSAGES } from './field-messages.ts';
import { LANGUAGES, type Localized } from './languages.ts';
import { BIRTHDAY_YOUNGEST_AGE, NATIONAL_ID_MAX_LENGTH, NATIONAL_ID_MIN_LENGTH } from './profile.ts';
import { QUESTIONNAIRE_MESSAGES } from './questionnaire.ts';

/**
 * What the server and the forms say to a borrower is in their words (issue #11, defect 10): never a field's
 * code name ("orderNo cannot be empty"), never a developer's phrase, and a rule with a number names it.
 */
/** Answers only a machine reads: the metrics scraper's refusal. */
const FOR_MACHINES = new Set(['METRICS_TOKEN_REFUSED']);

const messages: [string, Localized][] = [
  ...Object.entries(ERRORS)
    .filter(([key]) => !FOR_MACHINES.has(key))
    .map(([key, entry]): [string, Localized] => [key, entry.message]),
  ...Object.entries(FIELD_MESSAGES),
  ...Object.entries(QUESTIONNAIRE_MESSAGES),
];

/** camelCase or snake_case words are identifiers from code, not words a borrower knows. */
const CODE_NAME = /(?<![\p{L}{])(?:\p{Ll}+\p{Lu}\p{L}*|\p{L}+_\p{L}+)(?![\p{L}}])/u;
const DEVELOPER_PHRASES = [
  /cannot be empty/i,
  /no puede estar vacío/i,
  /hindi puwedeng walang/i,
  /\btoken\b/i,
  /\binvalid\b/i,
  /\bvoucher\b/i,
  /^not found$/i,
  /^no data$/i,
];

describe('messages a borrower reads', () => {
  it.each(messages)('%s is in plain words in every language', (_key, message) => {
    for (const lang of LANGUAGES) {
      const text = message[lang];
      expect(text, lang).not.toMatch(CODE_NAME);
      for (const phrase of DEVELOPER_PHRASES) expect(text, lang).not.toMatch(phrase);
    }
  });

  it('states the age rule for a birthday, and the length rule for an ID number', () => {
    for (const lang of LANGUAGES) {
      expect(FIELD_MESSAGES.invalidBirthday[lang]).toContain(String(BIRTHDAY_YOUNGEST_AGE));
      expect(FIELD_MESSAGES.invalidNationalId[lang]).toContain(String(NATIONAL_ID_MIN_LENGTH));
      expect(FIELD_MESSAGES.invalidNationalId[lang]).toContain(String(NATIONAL_ID_MAX_LENGTH));
    }
    expect(FIELD_MESSAGES.invalidBirthday.en).toBe(
      'You must be 18 or older to borrow. Please check your birthday',
    );
  });
});
