import { LANGUAGES } from '@hiram/contract/languages';
import { CONTACT_FIELDS, PERSONAL_FIELDS, RESIDENCE_FIELDS, WORK_FIELDS } from '@hiram/contract/profile';
import { describe, expect, it } from 'vitest';
import { fieldLabelKey, profileText } from './profile-text.ts';

const FIELDS = [...PERSONAL_FIELDS, ...RESIDENCE_FIELDS, ...WORK_FIELDS, ...CONTACT_FIELDS];

describe('profile copy', () => {
  it('labels every field in every language', () => {
    for (const lang of LANGUAGES) {
      for (const field of FIELDS) {
        expect(profileText[lang][fieldLabelKey(field)], `${lang} ${field}`).toMatch(/\S/);
      }
    }
  });

  it('keeps the same placeholders in every language', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, english] of Object.entries(profileText.en)) {
      for (const lang of LANGUAGES) {
        expect(placeholders(profileText[lang][key as keyof typeof profileText.en]), `${lang} ${key}`).toEqual(
          placeholders(english),
        );
      }
    }
  });
});
