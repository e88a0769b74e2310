import { LANGUAGES, type Language } from './languages.ts';

/**
 * Home drawn by the server into the page it sends (docs/decisions/0050-home-from-the-first-html.md and
 * 0051-the-signed-in-card-from-the-first-html.md). The server picks what to draw from two cookies the web
 * app keeps: the borrower's language and the device's session, by its Home key (never the token). What it
 * drew goes into the page as a JSON data block (FIRST_PAINT_ELEMENT_ID) so the app can tell whether its own
 * first screen is the same and hydrate it.
 */
export const LANGUAGE_COOKIE = 'hiram_lang';
/**
 * Set while the device holds a session: its Home key (homeKeyOf) once the app has worked it out, "1" until
 * then or where the browser cannot (no Web Crypto outside a secure context). The token never leaves storage.
 */
export const SIGNED_IN_COOKIE = 'hiram_signed_in';

/**
 * A session's Home key: the SHA-256 of its token in hex, which is what the server stores of the token. It
 * lets the server draw that session's Home card into the page, and opens no call: a call needs the token.
 */
export const HOME_KEY_PATTERN = /^[0-9a-f]{64}$/;

export const FIRST_PAINT_ELEMENT_ID = 'first-paint';

/** The web app's query keys of the answers the server draws Home from. */
export const HOME_QUERY_KEYS = {
  productList: 'loan/product/list',
  latestOrder: 'loan/loan-order/latest',
  /** The borrower's credit line (ADR 0068), drawn on her card with her latest order. */
  creditInfo: 'loan/get-credit-info',
} as const;

/** What the server drew Home with. `queries` are the answers it drew from, by the web app's query key. */
export interface FirstPaint {
  lang: Language;
  signedIn: boolean;
  queries: Record<string, unknown>;
  /** Epoch ms the page was drawn at, when the drawing shows a countdown: the app hydrates it as drawn. */
  drawnAt?: number;
  /** The Home key a borrower's card was drawn for: the app takes the card only if it is its own session's. */
  homeKey?: string;
}

/** The first paint in the page's data block; null when there is none or it is not of the expected shape. */
export function parseFirstPaint(text: string | null | undefined): FirstPaint | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const paint = value as Partial<FirstPaint> | null;
  if (
    !(LANGUAGES as readonly unknown[]).includes(paint?.lang) ||
    typeof paint?.signedIn !== 'boolean' ||
    typeof paint.queries !== 'object' ||
    paint.queries === null ||
    (paint.drawnAt !== undefined && typeof paint.drawnAt !== 'number') ||
    (paint.homeKey !== undefined && !HOME_KEY_PATTERN.test(String(paint.homeKey)))
  ) {
    return null;
  }
  const parsed: FirstPaint = {
    lang: paint.lang as Language,
    signedIn: paint.signedIn,
    queries: paint.queries,
  };
  if (paint.drawnAt !== undefined) parsed.drawnAt = paint.drawnAt;
  if (paint.homeKey !== undefined) parsed.homeKey = paint.homeKey;
  return parsed;
}

/** A cookie's value in a Cookie header (or `document.cookie`); null when it is not there. */
export function readCookie(header: string | undefined, name: string): string | null {
  return readCookies(header, name)[0] ?? null;
}

/** Every value of a cookie in a Cookie header: more than one when it was also set for a parent domain. */
export function readCookies(header: string | undefined, name: string): string[] {
  const values: string[] = [];
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) values.push(part.slice(eq + 1).trim());
  }
  return values;
}

/**
 * The page's one inline script (its hash is in script-src), first in the head:
 * - The server draws Home, but the app routes by the address's hash, which never reaches the server: on
 *   any other screen (a payment link, `#/records`) it hides the drawn Home (ELSEWHERE_RULE) until the app
 *   shows its own screen, instead of flashing Home first.
 * - It starts the app's code once the browser reports the drawn page's first contentful paint: the paint
 *   never waits for the code, not even when the code comes from the cache and would otherwise hydrate
 *   first. The app's stylesheet comes with it (Home's own CSS is inline), in the head before any screen's.
 *   The addresses are on the first-paint data block (APP_CODE_ATTRIBUTE, APP_PRELOADS_ATTRIBUTE,
 *   APP_STYLES_ATTRIBUTE). On another screen's address, in a hidden tab (no paint to wait for) or in a
 *   browser without paint timing it starts at DOMContentLoaded; after 3 s it starts whatever happened.
 */
export const ELSEWHERE_CLASS = 'elsewhere';
/**
 * A borrower's card page keeps the card's own rules in a style last in the head, and the app's stylesheet
 * goes in before it: the card's rules win ties over the app's, as they do once the card's chunk has added
 * its stylesheet after the app's, so nothing moves as the stylesheets arrive.
 */
export const LATE_STYLE_ID = 'first-paint-late';
export const APP_CODE_ATTRIBUTE = 'data-app';
export const APP_PRELOADS_ATTRIBUTE = 'data-preloads';
export const APP_STYLES_ATTRIBUTE = 'data-styles';
/** On `<html>` of a page with the signed-in card's frame: the card is drawn by the code, which starts at once. */
export const START_AT_ONCE_ATTRIBUTE = 'data-start-at-once';
export const FIRST_PAINT_SCRIPT = [
  '(function(){',
  'var d=document,p=location.hash.slice(1).split("?")[0],elsewhere=p&&p!=="/",started=0;',
  `if(elsewhere)d.documentElement.classList.add("${ELSEWHERE_CLASS}");`,
  'function add(rel,href){var e=d.createElement(rel?"link":"script");e.crossOrigin="";',
  `if(rel){e.rel=rel;e.href=href}else{e.type="module";e.src=href}d.head.insertBefore(e,d.getElementById("${LATE_STYLE_ID}"))}`,
  'function start(){if(started)return;started=1;',
  `var b=d.getElementById("${FIRST_PAINT_ELEMENT_ID}");if(!b)return;`,
  `(b.getAttribute("${APP_STYLES_ATTRIBUTE}")||"").split(" ").forEach(function(h){if(h)add("stylesheet",h)});`,
  `(b.getAttribute("${APP_PRELOADS_ATTRIBUTE}")||"").split(" ").forEach(function(h){if(h)add("modulepreload",h)});`,
  `add("",b.getAttribute("${APP_CODE_ATTRIBUTE}"))}`,
  'var P=window.PerformanceObserver,types=(P&&P.supportedEntryTypes)||[];',
  `if(elsewhere||d.documentElement.hasAttribute("${START_AT_ONCE_ATTRIBUTE}")||types.indexOf("paint")<0||d.visibilityState==="hidden"){d.addEventListener("DOMContentLoaded",start);return}`,
  'new P(function(list){list.getEntries().forEach(function(e){if(e.name==="first-contentful-paint")setTimeout(start)})})',
  '.observe({type:"paint",buffered:true});setTimeout(start,3000)',
  '})()',
].join('');
export const ELSEWHERE_RULE = `.${ELSEWHERE_CLASS} #root{visibility:hidden}`;
