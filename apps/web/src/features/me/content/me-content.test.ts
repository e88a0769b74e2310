import { LANGUAGES } from '@hiram/contract/languages';
import { describe, expect, it } from 'vitest';
import { aboutUs } from './about-us.ts';
import { faq } from './faq.ts';

const pesos = (text: string) => text.match(/₱\d{1,3}(?:,\d{3})*/g) ?? [];

describe('FAQ', () => {
  it('answers 10 to 14 questions, the same ones with the same figures in every language', () => {
    expect(faq.en.length).toBeGreaterThanOrEqual(10);
    expect(faq.en.length).toBeLessThanOrEqual(14);
    for (const lang of LANGUAGES) {
      expect(faq[lang].length, lang).toBe(faq.en.length);
      faq[lang].forEach((entry, index) => {
        expect(entry.question.trim(), lang).not.toBe('');
        expect(entry.answer.trim(), lang).not.toBe('');
        expect(pesos(entry.answer), `${lang} #${index + 1}`).toEqual(pesos(faq.en[index]?.answer ?? ''));
      });
    }
  });

  it('works the ₱5,000 example out right: 3% fee deducted, ₱4,850 received', () => {
    const cost = faq.en.find((entry) => entry.question.includes('cost'))?.answer ?? '';
    expect(pesos(cost)).toEqual(expect.arrayContaining(['₱5,000', '₱150', '₱4,850']));
    expect(5_000 - 5_000 * 0.03).toBe(4_850);
    expect(cost).toContain('Disclosure Statement');
  });
});

describe('About us', () => {
  it('has a title and the same paragraphs in every language', () => {
    for (const lang of LANGUAGES) {
      expect(aboutUs[lang].title.trim()).not.toBe('');
      expect(aboutUs[lang].paragraphs.length, lang).toBe(aboutUs.en.paragraphs.length);
      for (const paragraph of aboutUs[lang].paragraphs) expect(paragraph.trim()).not.toBe('');
    }
  });
});
