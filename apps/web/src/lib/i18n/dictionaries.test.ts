import { LANGUAGES, type Language } from '@hiram/contract/languages';
import { describe, expect, it } from 'vitest';
import { en, type Messages } from './en.ts';
import { es } from './es.ts';
import { fil } from './fil.ts';

const dictionaries: Record<Language, Messages> = { en, fil, es };
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('dictionaries', () => {
  const keys = Object.keys(en).sort();

  it.each(LANGUAGES)('%s has every key, and only those', (lang) => {
    expect(Object.keys(dictionaries[lang]).sort()).toEqual(keys);
  });

  it.each(LANGUAGES)('%s has no empty text and keeps every placeholder', (lang) => {
    for (const key of keys as (keyof Messages)[]) {
      const text = dictionaries[lang][key];
      expect(text.trim(), `${lang} ${key}`).not.toBe('');
      expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(en[key]));
    }
  });
});
