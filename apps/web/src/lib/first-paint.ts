import {
  FIRST_PAINT_ELEMENT_ID,
  type FirstPaint,
  LANGUAGE_COOKIE,
  parseFirstPaint,
  SIGNED_IN_COOKIE,
} from '@hiram/contract/first-paint';
import type { Language } from '@hiram/contract/languages';

/**
 * What the server drew Home with (docs/decisions/0050-home-from-the-first-html.md): set on the server while
 * it renders, and in the browser when the app hydrates that HTML. Hooks read it as their server snapshot,
 * so the app's first render is the server's, and moves on to what this device knows right after.
 */
let drawn: FirstPaint | null = null;

export function setFirstPaint(paint: FirstPaint | null): void {
  drawn = paint;
}

export function getFirstPaint(): FirstPaint | null {
  return drawn;
}

/** The first paint the server wrote into this page, if it wrote one. */
export function readFirstPaint(doc: Pick<Document, 'getElementById'>): FirstPaint | null {
  return parseFirstPaint(doc.getElementById(FIRST_PAINT_ELEMENT_ID)?.textContent);
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function writeCookie(name: string, value: string | null): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  const lifetime = value === null ? 'max-age=0' : `max-age=${YEAR_SECONDS}`;
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the WebViews we serve.
    document.cookie = `${name}=${value ?? ''}; path=/; ${lifetime}; samesite=lax${secure}`;
  } catch {
    // Cookies off (a sandboxed frame): the server draws a new visitor's Home and the app redraws it.
  }
}

/** Tells the server which language to draw the next Home in. */
export function rememberLanguageForFirstPaint(lang: Language): void {
  writeCookie(LANGUAGE_COOKIE, lang);
}

/** A session's Home key, the SHA-256 of its token in hex; null without Web Crypto (outside a secure context). */
export async function homeKeyOf(token: string): Promise<string | null> {
  const subtle = typeof crypto === 'undefined' ? undefined : crypto.subtle;
  if (!subtle) return null;
  try {
    const digest = await subtle.digest('SHA-256', new TextEncoder().encode(token));
    return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  } catch {
    return null;
  }
}

/** The token whose Home key is being worked out: a key that arrives after the token changed is dropped. */
let keyFor: string | null = null;

/**
 * Tells the server how to draw the next Home: for no session, or for this one by its Home key
 * (docs/decisions/0051), with which it draws the borrower's own card. "1" (the card's frame) until the key
 * is worked out, at once, so a page loaded meanwhile never shows the previous borrower's card.
 */
export function rememberSessionForFirstPaint(token: string | null): void {
  keyFor = token;
  writeCookie(SIGNED_IN_COOKIE, token === null ? null : '1');
  if (token === null) return;
  void homeKeyOf(token).then((key) => {
    if (key !== null && keyFor === token) writeCookie(SIGNED_IN_COOKIE, key);
  });
}

/**
 * What the page was drawn with, if it was drawn for this device: for a session or not as this device holds
 * one and, for a borrower's card, for this device's own session (the cookie could have been set by
 * someone else, for a parent domain). Null: the app draws its first screen itself and asks for its data.
 */
export async function drawnForThisDevice(
  paint: FirstPaint | null,
  token: string | null,
): Promise<FirstPaint | null> {
  if (!paint || paint.signedIn !== (token !== null)) return null;
  if (paint.homeKey === undefined) return paint;
  return token !== null && (await homeKeyOf(token)) === paint.homeKey ? paint : null;
}
