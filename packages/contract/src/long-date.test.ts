import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { formatLongDate } from './long-date.ts';

const LOCALES = { en: 'en-PH', fil: 'fil-PH', es: 'es' } as const;

describe('formatLongDate', () => {
  it('writes a date as the statement does, in each language', () => {
    expect(formatLongDate('2027-02-23', 'en')).toBe('February 23, 2027');
    expect(formatLongDate('2027-02-03', 'fil')).toBe('Pebrero 3, 2027');
    expect(formatLongDate('2027-12-01', 'es')).toBe('1 de diciembre de 2027');
  });

  it('agrees with the locale data the screens and the PDF use, every month', () => {
    for (const lang of LANGUAGES)
      for (let month = 1; month <= 12; month += 1) {
        const iso = `2027-${String(month).padStart(2, '0')}-09`;
        const intl = new Date(`${iso}T12:00:00+08:00`).toLocaleDateString(LOCALES[lang], {
          timeZone: 'Asia/Manila',
          year: 'numeric',
          month: 'long',
          day: 'numeric',
        });
        expect(formatLongDate(iso, lang)).toBe(intl);
      }
  });

  it('leaves anything but a date as it is', () => {
    expect(formatLongDate('soon', 'en')).toBe('soon');
  });
});
