import { LANGUAGES } from '@hiram/contract/languages';
import { describe, expect, it } from 'vitest';
import type { LegalDocument } from './legal-document.ts';
import { loanTerms } from './loan-terms.ts';
import { privacyPolicy } from './privacy-policy.ts';
import { termsOfService } from './terms-of-service.ts';

const documents = { privacyPolicy, termsOfService, loanTerms };

function allText(document: LegalDocument): string {
  return [
    document.title,
    ...document.sections.flatMap((section) => [section.heading, ...section.paragraphs]),
  ].join('\n');
}

describe.each(Object.entries(documents))('%s', (_name, byLanguage) => {
  it('has 8 to 14 short sections in every language, none empty', () => {
    for (const lang of LANGUAGES) {
      const document = byLanguage[lang];
      expect(document.title.trim()).not.toBe('');
      expect(document.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(document.sections.length).toBeGreaterThanOrEqual(8);
      expect(document.sections.length).toBeLessThanOrEqual(14);
      for (const section of document.sections) {
        expect(section.heading.trim(), lang).not.toBe('');
        expect(section.paragraphs.length, `${lang}: ${section.heading}`).toBeGreaterThan(0);
        for (const paragraph of section.paragraphs) expect(paragraph.trim()).not.toBe('');
      }
    }
  });

  it('says the same thing in every language: same sections, same paragraphs, same figures', () => {
    const shape = (lang: (typeof LANGUAGES)[number]) =>
      byLanguage[lang].sections.map((section) => section.paragraphs.length);
    const pesos = (lang: (typeof LANGUAGES)[number]) =>
      allText(byLanguage[lang]).match(/₱\d{1,3}(?:,\d{3})*/g) ?? [];
    for (const lang of LANGUAGES) {
      expect(shape(lang), lang).toEqual(shape('en'));
      expect(byLanguage[lang].updated).toBe(byLanguage.en.updated);
      expect(pesos(lang), lang).toEqual(pesos('en'));
    }
  });

  it("never carries the spec's leftover prices or made-up lender numbers", () => {
    for (const lang of LANGUAGES) {
      const text = allText(byLanguage[lang]);
      expect(text).not.toMatch(/0[.,]98|2 ?% (a|per) day|36 ?%|lorem/i);
      expect(text).not.toMatch(/CS\d{6,}|\bCA No\.? ?\d/);
    }
  });
});
