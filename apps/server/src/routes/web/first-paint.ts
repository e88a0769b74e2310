import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { ENDPOINTS } from '@hiram/contract/api/endpoints';
import type { PageBrand } from '@hiram/contract/brand';
import {
  APP_CODE_ATTRIBUTE,
  APP_PRELOADS_ATTRIBUTE,
  APP_STYLES_ATTRIBUTE,
  ELSEWHERE_RULE,
  FIRST_PAINT_ELEMENT_ID,
  FIRST_PAINT_SCRIPT,
  type FirstPaint,
  HOME_KEY_PATTERN,
  HOME_QUERY_KEYS,
  LANGUAGE_COOKIE,
  LATE_STYLE_ID,
  readCookie,
  readCookies,
  SIGNED_IN_COOKIE,
  START_AT_ONCE_ATTRIBUTE,
} from '@hiram/contract/first-paint';
import { LANGUAGES, type Language, parseLanguage } from '@hiram/contract/languages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { styleHash } from '../../plugins/infra/security-headers.ts';
import { creditInfoOf, lineOfBorrower, offeredWithinLine, starterLine } from '../loan/offered-products.ts';
import { latestOrderOf } from '../loan/orders.ts';

/**
 * Home in the page the server sends (docs/decisions/0050-home-from-the-first-html.md): the web app's own
 * renderer (`apps/web/dist-server`, built beside WEB_DIST) draws it in the borrower's language with the
 * brand's live offer, and the page carries Home's critical CSS inline, so the first paint needs no script
 * and no stylesheet. The app then hydrates what was drawn.
 */
type RenderFirstPaint = (request: { brand: PageBrand; paint: FirstPaint }) => Promise<string>;

interface FirstPaintAssets {
  criticalCss: string;
  /** A borrower's own page: the rules every kind of loan card uses, of the app's stylesheet and the card's own. */
  cardCss: { app: string; own: string };
  /** The signed-in card's chunks and stylesheet, so they arrive with the first load. */
  signedInPreloads: { scripts: string[]; styles: string[] };
}

export interface HomeRenderer {
  render: RenderFirstPaint;
  assets: FirstPaintAssets;
  /** The build's index.html, read with its renderer: the drawing and the code it names are one build. */
  index: string;
}

const APP_STYLESHEET = /\s*<link rel="stylesheet" crossorigin href="([^"]+)">/g;

/** The web app's renderer beside its build; null (the page is sent as built) when there is none. */
export async function loadHomeRenderer(webDist: string): Promise<HomeRenderer | null> {
  const dir = join(dirname(webDist), 'dist-server');
  const module = join(dir, 'render-first-paint.js');
  const assetsFile = join(dir, 'first-paint.json');
  if (!existsSync(module) || !existsSync(assetsFile) || !existsSync(join(webDist, 'index.html'))) return null;
  const { renderFirstPaint } = (await import(pathToFileURL(module).href)) as {
    renderFirstPaint: RenderFirstPaint;
  };
  const assets = JSON.parse(await readFile(assetsFile, 'utf8')) as FirstPaintAssets;
  const index = await readFile(join(webDist, 'index.html'), 'utf8');
  return { render: renderFirstPaint, assets, index };
}

/** br, else gzip, else none, as the client accepts them (`br;q=0` refuses br). */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((text) => text.trim().toLowerCase());
    const quality = params.find((param) => param.startsWith('q='));
    if (quality === undefined || Number(quality.slice(2)) > 0) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

function isLanguage(value: string | null): value is Language {
  return (LANGUAGES as readonly (string | null)[]).includes(value);
}

/**
 * The language the app will start in (apps/web/src/lib/i18n/i18n.tsx): its choice, kept in a cookie as in
 * storage, then the host app's `?lang=`, then the phone's language (the browser's Accept-Language).
 */
export function pageLanguage(request: FastifyRequest): Language {
  const chosen = readCookie(request.headers.cookie, LANGUAGE_COOKIE);
  if (isLanguage(chosen)) return chosen;
  const { lang } = request.query as { lang?: unknown };
  if (typeof lang === 'string' && lang) return parseLanguage(lang);
  return parseLanguage(request.headers['accept-language']);
}

/**
 * The device's session as its cookie tells it: none, one the page cannot name ("1": drawn as the card's
 * frame), or one by its Home key (docs/decisions/0051: drawn with the borrower's card when it is open).
 * The key is not read from a page opened from another site (a timing of that page would tell the site
 * whether the visitor has a session here), nor when the cookie comes twice (one set for a parent domain).
 */
export function pageSession(request: FastifyRequest): { signedIn: boolean; homeKey: string | null } {
  const values = readCookies(request.headers.cookie, SIGNED_IN_COOKIE);
  const value = values[0];
  if (value === undefined || value === '') return { signedIn: false, homeKey: null };
  const fromElsewhere = ['cross-site', 'same-site'].includes(String(request.headers['sec-fetch-site']));
  const usable = values.length === 1 && !fromElsewhere && HOME_KEY_PATTERN.test(value);
  return { signedIn: true, homeKey: usable ? value : null };
}

/**
 * The product list as its endpoint answers it for the borrower of `userId` (her credit line), or for a
 * visitor (the brand's starter line, ADR 0068): the same rows, through the contract's response shape.
 */
export async function homeQueries(
  app: FastifyInstance,
  packageName: string,
  request: FastifyRequest,
  userId: string | null = null,
): Promise<Record<string, unknown>> {
  const line = userId ? await lineOfBorrower(app, userId) : await starterLine(app, packageName);
  const products = ENDPOINTS.productList.response.parse(
    await offeredWithinLine(app, packageName, request.log, line),
  );
  return { [HOME_QUERY_KEYS.productList]: JSON.parse(JSON.stringify(products)) };
}

/**
 * The borrower whose Home key names a session open for this brand; null otherwise (ended, idle, expired,
 * another brand's, unknown), and Home is drawn with the frame.
 */
export async function homeKeyBorrower(
  app: FastifyInstance,
  packageName: string,
  homeKey: string | null,
): Promise<string | null> {
  if (homeKey === null) return null;
  const session = await app.sessions.ofHomeKey(homeKey, packageName);
  return session ? session.userId : null;
}

/** The borrower's latest order and credit line (ADR 0068) as their endpoints answer them. */
export async function borrowerCardQueries(
  app: FastifyInstance,
  packageName: string,
  request: FastifyRequest,
  userId: string,
): Promise<Record<string, unknown>> {
  const [latest, creditInfo] = await Promise.all([
    latestOrderOf(app, userId).then((answer) => ENDPOINTS.latestLoanOrder.response.parse(answer)),
    creditInfoOf(app, packageName, request.log, userId).then((answer) =>
      ENDPOINTS.creditInfo.response.parse(answer),
    ),
  ]);
  return {
    [HOME_QUERY_KEYS.latestOrder]: JSON.parse(JSON.stringify(latest)),
    [HOME_QUERY_KEYS.creditInfo]: creditInfo,
  };
}

function escapeAttribute(text: string): string {
  return text.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `<` inside JSON would let a value close the data block; `\u003c` is the same character to JSON.parse. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function scriptHash(script: string): string {
  return `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;
}

export interface DrawnPage {
  html: string;
  styleHashes: string[];
  scriptHashes: string[];
}

/**
 * Puts the drawn Home into the (already branded) index.html: the page's language, the inline script and
 * critical CSS first in the head, and the drawing in #root with the data it was drawn from.
 */
export function composePage(
  index: string,
  drawing: {
    body: string;
    paint: FirstPaint;
    /** The CSS of what is drawn: Home's, or a borrower's card page's (first-paint.json). */
    css: string;
    /** Rules kept after the app's stylesheet (LATE_STYLE_ID): the card's own, on a borrower's page. */
    lateCss?: string;
    preloads: FirstPaintAssets['signedInPreloads'];
  },
): DrawnPage {
  const style = `${ELSEWHERE_RULE}${drawing.css}`;
  const late = drawing.lateCss ? `\n    <style id="${LATE_STYLE_ID}">${drawing.lateCss}</style>` : '';
  // The app's stylesheet and code start once the drawn page has painted (FIRST_PAINT_SCRIPT): their tags
  // leave the head. A browser without script reads the stylesheet from <noscript>.
  const appStyles: string[] = [];
  let page = index.replace(APP_STYLESHEET, (_tag, href: string) => {
    appStyles.push(href);
    return '';
  });
  const noscript = appStyles.map((href) => `<link rel="stylesheet" href="${href}">`).join('');
  let appCode = '';
  const appPreloads: string[] = [];
  page = page
    .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_tag, src: string) => {
      appCode = src;
      return '';
    })
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
      appPreloads.push(href);
      return '';
    });
  for (const href of drawing.preloads.scripts) if (!appPreloads.includes(href)) appPreloads.push(href);
  const stylePreloads = drawing.preloads.styles
    .map((href) => `\n    <link rel="preload" as="style" crossorigin href="${href}">`)
    .join('');
  const attributes = [
    [APP_CODE_ATTRIBUTE, appCode],
    [APP_PRELOADS_ATTRIBUTE, appPreloads.join(' ')],
    [APP_STYLES_ATTRIBUTE, appStyles.join(' ')],
  ]
    .map(([name, value]) => `${name}="${escapeAttribute(value ?? '')}"`)
    .join(' ');
  const dataBlock = `<script type="application/json" id="${FIRST_PAINT_ELEMENT_ID}" ${attributes}>${jsonForHtml(drawing.paint)}</script>`;
  if (!appCode) throw new Error("index.html has no module script: the app's code cannot be started");
  // The card's frame is filled in by the app's code, which then starts at once rather than after the paint.
  const frameOnly = drawing.paint.signedIn && !(HOME_QUERY_KEYS.latestOrder in drawing.paint.queries);
  // Replacer functions throughout: a `$` in the drawing (a brand's name) is text, not a replacement pattern.
  page = page
    .replace(
      /<html lang="[^"]*">/,
      () => `<html lang="${drawing.paint.lang}"${frameOnly ? ` ${START_AT_ONCE_ATTRIBUTE}` : ''}>`,
    )
    .replace(
      /(<meta charset="[^"]*" \/>)/,
      (charset) => `${charset}\n    <script>${FIRST_PAINT_SCRIPT}</script>\n    <style>${style}</style>`,
    )
    .replace('</head>', () => `${stylePreloads}${late}\n  </head>`)
    .replace('<noscript>', () => `<noscript>${noscript}`)
    .replace('<div id="root"></div>', () => `<div id="root">${drawing.body}</div>\n    ${dataBlock}`);
  const styleHashes = [styleHash(style), ...(drawing.lateCss ? [styleHash(drawing.lateCss)] : [])];
  return { html: page, styleHashes, scriptHashes: [scriptHash(FIRST_PAINT_SCRIPT)] };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip' | null;

/** A drawn page as it is sent: in the encoding the browser accepts (acceptedEncoding). */
export interface ServedPage extends DrawnPage {
  encoded(encoding: Encoding): Promise<Buffer | string>;
}

/**
 * A page kept for many requests: both encodings made once, brotli at quality 9 (within a few bytes of 11
 * on a page this size, at a fraction of its time).
 */
async function sharedPage(drawn: DrawnPage): Promise<ServedPage> {
  const content = Buffer.from(drawn.html, 'utf8');
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzipAsync(content, { level: 6 }),
  ]);
  return {
    ...drawn,
    encoded: async (encoding) => (encoding === 'br' ? br : encoding === 'gzip' ? gz : drawn.html),
  };
}

/**
 * A page drawn for one request (a borrower's card): only the encoding asked for, and brotli at quality 5.
 * On the card's page (27 KB with its styles) quality 9 took 8 ms, which capped the page at 125 a second;
 * 5 takes 0.4 ms for 1% more bytes.
 */
export function oneOffPage(drawn: DrawnPage): ServedPage {
  return {
    ...drawn,
    encoded: async (encoding) => {
      if (encoding === null) return drawn.html;
      const content = Buffer.from(drawn.html, 'utf8');
      return encoding === 'br'
        ? brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipAsync(content, { level: 6 });
    },
  };
}

/**
 * Drawn pages by everything they are drawn from (brand, look, language, session cookie, offer), compressed
 * once: Home's page is the same for every new visitor of a brand and language until staff change the offer
 * or the brand. The least recently used page goes first.
 */
export class PageCache {
  private readonly pages = new Map<string, Promise<ServedPage>>();

  constructor(private readonly limit = 64) {}

  get(key: unknown, draw: () => Promise<DrawnPage>): Promise<ServedPage> {
    const id = createHash('sha256').update(JSON.stringify(key)).digest('base64url');
    const cached = this.pages.get(id);
    if (cached) {
      // Kept as the most recently used: a burst of rare pages evicts those, not the brands' usual ones.
      this.pages.delete(id);
      this.pages.set(id, cached);
      return cached;
    }
    const page = draw().then(sharedPage);
    // A failed drawing is not kept: the next request draws again.
    page.catch(() => this.pages.delete(id));
    this.pages.set(id, page);
    if (this.pages.size > this.limit) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
    return page;
  }
}
