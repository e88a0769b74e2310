import { describe, expect, it } from 'vitest';
import { isStorableText, unstorableTextPath } from './storable-text.ts';

describe('storable text', () => {
  it('refuses NUL and unpaired surrogates, anywhere in the text', () => {
    for (const text of ['\u0000', 'a\u0000b', '\uD800', 'x\uDFFF', '\uDBFF\uDBFF', 'end\uD83D'])
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
  });

  it('keeps every other character: paired surrogates (emoji), ñ, controls other than NUL', () => {
    for (const text of ['', 'Peña', 'Maria 😀 Clara', '\uD83D\uDE00', '\u0001\t\n', '\u202E', '\uFFFF'])
      expect(isStorableText(text), JSON.stringify(text)).toBe(true);
  });

  it('names the path of the first bad string in nested input, keys included', () => {
    expect(unstorableTextPath({ a: 'ok', b: [1, { c: 'x\u0000' }] })).toEqual(['b', 1, 'c']);
    expect(unstorableTextPath({ events: [{ 'k\uD800': 1 }] })).toEqual(['events', 0, 'k\uD800']);
    expect(unstorableTextPath('\u0000')).toEqual([]);
    expect(unstorableTextPath({ a: 'ok', n: 1, z: null, file: new Uint8Array([0]) })).toBeNull();
  });
});
