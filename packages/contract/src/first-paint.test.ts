import { describe, expect, it } from 'vitest';
import { parseFirstPaint, readCookie, readCookies, SIGNED_IN_COOKIE } from './first-paint.ts';

const KEY = 'a'.repeat(64);

describe('the first paint a page carries', () => {
  it('keeps the Home key and drawing time it names, and refuses ones of another shape', () => {
    const paint = { lang: 'fil', signedIn: true, queries: {}, homeKey: KEY, drawnAt: 1_795_000_000_000 };
    expect(parseFirstPaint(JSON.stringify(paint))).toEqual(paint);
    expect(parseFirstPaint(JSON.stringify({ lang: 'en', signedIn: false, queries: {} }))).toEqual({
      lang: 'en',
      signedIn: false,
      queries: {},
    });
    for (const bad of [{ homeKey: KEY.toUpperCase() }, { homeKey: 'x' }, { homeKey: 1 }, { drawnAt: '1' }]) {
      expect(parseFirstPaint(JSON.stringify({ ...paint, ...bad })), JSON.stringify(bad)).toBeNull();
    }
    expect(parseFirstPaint('{')).toBeNull();
  });
});

describe('cookies', () => {
  it('reads every value of a cookie set twice (once for a parent domain), the first by readCookie', () => {
    const header = `${SIGNED_IN_COOKIE}=${KEY}; hiram_lang=es; ${SIGNED_IN_COOKIE}=1`;
    expect(readCookies(header, SIGNED_IN_COOKIE)).toEqual([KEY, '1']);
    expect(readCookie(header, SIGNED_IN_COOKIE)).toBe(KEY);
    expect(readCookies(header, 'hiram')).toEqual([]);
    expect(readCookie(undefined, SIGNED_IN_COOKIE)).toBeNull();
  });
});
