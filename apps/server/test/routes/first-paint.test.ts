import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, createBrotliDecompress } from 'node:zlib';
import {
  APP_CODE_ATTRIBUTE,
  APP_PRELOADS_ATTRIBUTE,
  APP_STYLES_ATTRIBUTE,
  FIRST_PAINT_ELEMENT_ID,
  HOME_QUERY_KEYS,
  LANGUAGE_COOKIE,
  parseFirstPaint,
  SIGNED_IN_COOKIE,
  START_AT_ONCE_ATTRIBUTE,
} from '@hiram/contract/first-paint';
import { formatPeso } from '@hiram/contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT } from '../../src/db/seed.ts';
import { saveProduct } from '../../src/domain/products.ts';
import { acceptedEncoding, composePage } from '../../src/routes/web/first-paint.ts';
import { brandedIndex } from '../../src/routes/web/index.ts';
import { startTestServer, type TestServer } from '../helper.ts';
import { addOtherBrand } from '../ops-fixtures.ts';
import { repayingLoan } from '../repayment-fixtures.ts';

/**
 * Home drawn by the server (docs/decisions/0050-home-from-the-first-html.md), with the web app's real build:
 * `npm test` builds it (apps/web/dist and dist-server) before the suites run.
 */
const WEB_DIST = resolve(import.meta.dirname, '../../../web/dist');
const RENDERER = resolve(WEB_DIST, '../dist-server/render-first-paint.js');

let server: TestServer;

beforeAll(async () => {
  if (!existsSync(RENDERER)) {
    throw new Error('No server renderer: run `npm run build -w @hiram/web` (npm test does) first.');
  }
  server = await startTestServer({ config: { webDist: WEB_DIST } });
});
afterAll(async () => {
  await server?.close();
});

async function page(headers: Record<string, string> = {}, url = '/') {
  const response = await server.app.inject({ method: 'GET', url, headers });
  return {
    status: response.statusCode,
    html: response.payload,
    headers: response.headers,
    raw: response.rawPayload,
  };
}

function firstPaintOf(html: string) {
  const block = new RegExp(
    `<script type="application/json" id="${FIRST_PAINT_ELEMENT_ID}"[^>]*>([^<]*)</script>`,
  ).exec(html);
  return parseFirstPaint(block?.[1]);
}

const OTHER_BRAND = 'ph.other.lender';
/** As the web app works it out (lib/first-paint.ts): the token's SHA-256 in hex. */
const homeKeyOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** What a browser can read of a brotli answer from the first round trip's bytes alone (14 KB). */
function firstWindowOf(raw: Buffer): Promise<string> {
  return new Promise<string>((done) => {
    const chunks: Buffer[] = [];
    const stream = createBrotliDecompress();
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', () => done(Buffer.concat(chunks).toString('utf8')));
    stream.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    stream.end(raw.subarray(0, 14_000));
  });
}

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

describe('Home drawn by the server', () => {
  it("draws a new visitor's Home in the phone's language with the live offer, up to the starter line", async () => {
    const filipino = await page({ 'accept-language': 'fil-PH,fil;q=0.9,en;q=0.8' });
    expect(filipino.status).toBe(200);
    expect(filipino.html).toContain('<html lang="fil">');
    // The demo product lends up to ₱10,000; a new borrower starts at ₱3,000 (ADR 0068).
    expect(filipino.html).toContain('₱1,000 – ₱3,000');
    expect(filipino.html).not.toContain('₱10,000');
    expect(filipino.html).toContain('91 – 120 araw');
    expect(filipino.html).toContain('Mag-apply na');
    expect(firstPaintOf(filipino.html)).toMatchObject({ lang: 'fil', signedIn: false });

    const spanish = await page({ 'accept-language': 'es-ES,es;q=0.9' });
    expect(spanish.html).toContain('<html lang="es">');
    expect(spanish.html).toContain('91 – 120 días');

    const english = await page();
    expect(english.html).toContain('<html lang="en">');
    expect(english.html).toContain('91 – 120 days');
  });

  it("takes the app's own language choice (its cookie) before the host's ?lang= and the phone's", async () => {
    const chosen = await page({ cookie: `${LANGUAGE_COOKIE}=es`, 'accept-language': 'fil' }, '/?lang=fil');
    expect(chosen.html).toContain('<html lang="es">');
    const launched = await page({ 'accept-language': 'es' }, '/?lang=fil');
    expect(launched.html).toContain('<html lang="fil">');
    // Anything else in the cookie is not a language: the phone's language decides.
    const hostile = await page({ cookie: `${LANGUAGE_COOKIE}=<script>`, 'accept-language': 'es' });
    expect(hostile.status).toBe(200);
    expect(hostile.html).toContain('<html lang="es">');
  });

  it('gives the app the answer it drew from, as the product list endpoint gives it', async () => {
    const { html } = await page();
    const drawn = firstPaintOf(html)?.queries[HOME_QUERY_KEYS.productList];
    const endpoint = await server.call('productList', {});
    expect(endpoint.status).toBe(200);
    expect(drawn).toEqual((endpoint.body as { data: unknown }).data);
  });

  it('draws the offer staff change on the next page, not a cached one', async () => {
    const before = await page();
    expect(before.html).toContain('₱1,000 – ₱3,000');
    await saveProduct(server.db, { ...DEMO_PRODUCT, minAmount: 2_000_00 }, { replace: true });
    try {
      const after = await page();
      expect(after.html).toContain('₱2,000 – ₱3,000');
    } finally {
      await saveProduct(server.db, DEMO_PRODUCT, { replace: true });
    }
  });

  it("draws a signed-in borrower's neutral frame, with the card's code preloaded", async () => {
    const { html } = await page({ cookie: `${SIGNED_IN_COOKIE}=1; ${LANGUAGE_COOKIE}=fil` });
    expect(firstPaintOf(html)).toMatchObject({ lang: 'fil', signedIn: true });
    expect(html).toMatch(/<section class="offer-card home-first-card" aria-busy="true"/);
    // Nothing of the offer or of "How it works": the borrower's own card fills the frame, and the offer is
    // hers (her credit line), which the app asks for with her token.
    expect(html).not.toContain('₱1,000 – ₱3,000');
    expect(firstPaintOf(html)?.queries[HOME_QUERY_KEYS.productList]).toBeUndefined();
    expect(html).not.toContain('Paano ito gumagana');
    const preloads = new RegExp(`${APP_PRELOADS_ATTRIBUTE}="([^"]*)"`).exec(html)?.[1] ?? '';
    expect(preloads).toMatch(/\/assets\/loan-state-card-[\w-]+\.js/);
    // The token never travels in a cookie, and the page says nothing of who the borrower is.
    expect(html).not.toMatch(/token/i);
  });

  it("draws a signed-in borrower's own card from the session's Home key, as the endpoint answers it", async () => {
    const { token } = await repayingLoan(server);
    const key = homeKeyOf(token);
    const drawn = await page({ cookie: `${SIGNED_IN_COOKIE}=${key}; ${LANGUAGE_COOKIE}=fil` });
    expect(drawn.status).toBe(200);
    const paint = firstPaintOf(drawn.html);
    expect(paint).toMatchObject({ lang: 'fil', signedIn: true });
    const endpoint = await server.call('latestLoanOrder', {}, { token });
    expect(paint?.queries[HOME_QUERY_KEYS.latestOrder]).toEqual((endpoint.body as { data: unknown }).data);
    // The card itself, in the borrower's language: the amount due and its one action, no skeleton.
    const { amountDue } = (endpoint.body as { data: { amountDue: number } }).data;
    expect(drawn.html).toContain(formatPeso(amountDue));
    expect(drawn.html).not.toMatch(/aria-busy="true"/);
    // The app's code waits for the drawn page's paint, as a new visitor's does.
    expect(drawn.html).toContain('<html lang="fil">');
    // Every rule of the app's stylesheets for a class the card uses is in the page: it paints styled alone.
    const inline = [...drawn.html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('');
    const stylesheets = (new RegExp(`${APP_STYLES_ATTRIBUTE}="([^"]*)"`).exec(drawn.html)?.[1] ?? '').split(
      ' ',
    );
    expect(stylesheets.length).toBeGreaterThan(0);
    const app = (await Promise.all(stylesheets.map((href) => readFile(join(WEB_DIST, href), 'utf8')))).join(
      '',
    );
    const card =
      /<section class="offer-card home-first-card loan-card[\s\S]*?<\/section>/.exec(drawn.html)?.[0] ?? '';
    const classes = new Set(
      [...card.matchAll(/class="([^"]+)"/g)].flatMap((match) => (match[1] ?? '').split(' ')),
    );
    expect(classes.has('loan-timeline')).toBe(true);
    for (const name of classes) {
      const styled = new RegExp(`\\.${name}(?![\\w-])`);
      if (styled.test(app)) expect(styled.test(inline), name).toBe(true);
    }
    // No cache keeps a borrower's loan.
    expect(drawn.headers['cache-control']).toBe('private, no-store');
    // With every style inline, the card is still read from the first round trip's bytes.
    const compressed = await page({ cookie: `${SIGNED_IN_COOKIE}=${key}`, 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(await firstWindowOf(compressed.raw)).toContain(formatPeso(amountDue));
    expect(drawn.html).not.toContain(token);
    // The page names the session it was drawn for: the app takes the card only if that is its own.
    expect(paint?.homeKey).toBe(key);
    // Opening the app is a use of the session, as a call is: it does not go idle while Home is opened.
    const lastSeen = async () =>
      (
        await server.db.query<{ last_seen_at: Date }>(
          'select last_seen_at from sessions where token_hash = $1',
          [key],
        )
      )[0]?.last_seen_at;
    server.clock.advance(10 * 60);
    await page({ cookie: `${SIGNED_IN_COOKIE}=${key}` });
    expect(new Date(String(await lastSeen())).getTime()).toBe(server.clock.now().getTime());
  });

  it('draws only the frame for a Home key that opens nothing, whatever the cookie holds', async () => {
    const { token } = await server.signIn();
    const key = homeKeyOf(token);
    const open = await page({ cookie: `${SIGNED_IN_COOKIE}=${key}` });
    // No loan: the borrower's Home is the offer within her starter line, drawn at the card's place.
    expect(open.html).toContain('₱1,000 – ₱3,000');
    expect(firstPaintOf(open.html)?.queries[HOME_QUERY_KEYS.latestOrder]).toMatchObject({ order: null });

    // Opened from another site (its timing would tell that site the visitor has a session here), or with
    // the cookie twice (one set for a parent domain): the frame, whose page is the same for everyone.
    const elsewhere: Record<string, string>[] = [
      { cookie: `${SIGNED_IN_COOKIE}=${key}`, 'sec-fetch-site': 'cross-site' },
      { cookie: `${SIGNED_IN_COOKIE}=${key}`, 'sec-fetch-site': 'same-site' },
      { cookie: `${SIGNED_IN_COOKIE}=${key}; ${SIGNED_IN_COOKIE}=${homeKeyOf('someone else')}` },
    ];
    for (const headers of elsewhere) {
      const drawn = await page(headers);
      expect(
        firstPaintOf(drawn.html)?.queries[HOME_QUERY_KEYS.latestOrder],
        JSON.stringify(headers),
      ).toBeUndefined();
      expect(drawn.html).toMatch(/<section class="offer-card home-first-card" aria-busy="true"/);
    }
    // A reload, or the app's own link: her Home.
    const reloaded = await page({ cookie: `${SIGNED_IN_COOKIE}=${key}`, 'sec-fetch-site': 'same-origin' });
    expect(firstPaintOf(reloaded.html)?.queries[HOME_QUERY_KEYS.latestOrder]).toMatchObject({ order: null });

    const logout = await server.call('logout', {}, { token });
    expect(logout.status).toBe(200);
    const values = [
      key,
      homeKeyOf('no such token'),
      '1',
      key.toUpperCase(),
      `${key}; x=1`,
      '<script>',
      '%00',
    ];
    for (const value of values) {
      const drawn = await page({ cookie: `${SIGNED_IN_COOKIE}=${value}` });
      expect(drawn.status, value).toBe(200);
      expect(firstPaintOf(drawn.html), value).toMatchObject({ signedIn: true });
      expect(firstPaintOf(drawn.html)?.queries[HOME_QUERY_KEYS.latestOrder], value).toBeUndefined();
      expect(drawn.html, value).toMatch(/<section class="offer-card home-first-card" aria-busy="true"/);
      expect(drawn.html, value).toContain(`<html lang="en" ${START_AT_ONCE_ATTRIBUTE}>`);
    }
  });

  it("draws a borrower's offer within her own credit line, never a visitor's", async () => {
    const { token, userId, orderId } = await repayingLoan(server);
    await server.app.loanOrders.move(orderId, 'repayInFull');
    expect((await server.app.creditLines.lineOf(userId)).amount).toBe(5_000_00);
    const drawn = await page({ cookie: `${SIGNED_IN_COOKIE}=${homeKeyOf(token)}` });
    const offer = firstPaintOf(drawn.html)?.queries[HOME_QUERY_KEYS.productList];
    expect(offer).toEqual((await server.call('productList', {}, { token })).body.data);
    expect(offer).toMatchObject([{ minAmount: 1_000_00, maxAmount: 5_000_00 }]);
    // Her paid loan's card offers her line again, and says how it grows, as get-credit-info answers it.
    expect(drawn.html).toContain('₱5,000');
    expect(drawn.html).not.toContain('₱10,000');
    expect(firstPaintOf(drawn.html)?.queries[HOME_QUERY_KEYS.creditInfo]).toEqual(
      (await server.call('creditInfo', {}, { token })).body.data,
    );
    expect(drawn.html).toContain('Repay on time to reach ₱8,000');
    // A visitor's page is still the starter's.
    expect((await page()).html).toContain('₱1,000 – ₱3,000');
  });

  it("does not draw another brand's session", async () => {
    await addOtherBrand(server, OTHER_BRAND);
    await server.app.brands.load(server.db);
    const { token } = await server.signIn(undefined, { packageName: OTHER_BRAND });
    const other = await page({ cookie: `${SIGNED_IN_COOKIE}=${homeKeyOf(token)}` });
    expect(firstPaintOf(other.html)?.queries[HOME_QUERY_KEYS.latestOrder]).toBeUndefined();
    const own = await page(
      { cookie: `${SIGNED_IN_COOKIE}=${homeKeyOf(token)}` },
      `/?packageName=${OTHER_BRAND}`,
    );
    expect(firstPaintOf(own.html)?.queries[HOME_QUERY_KEYS.latestOrder]).toMatchObject({ order: null });
  });

  it("allows exactly its inline script and styles by hash, and holds the app's code until the page has painted", async () => {
    const { html, headers } = await page();
    const policy = String(headers['content-security-policy']);
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
    expect(scripts).toHaveLength(1);
    expect(styles.length).toBeGreaterThanOrEqual(1);
    const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
    expect(scriptSources).toEqual(["'self'", `'${sha256(scripts[0] ?? '')}'`]);
    for (const style of styles) expect(policy).toContain(`'${sha256(style)}'`);
    // No script tag or stylesheet link in the head: they would hold the first paint back.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script [^>]*src=|rel="stylesheet"|rel="modulepreload"/);
    expect(html).toMatch(new RegExp(`${APP_CODE_ATTRIBUTE}="/assets/index-[\\w-]+\\.js"`));
    expect(headers.vary).toMatch(/cookie/);
  });

  it('sends the offer within the first 14 KB of the compressed answer', async () => {
    const compressed = await page({ 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(await firstWindowOf(compressed.raw)).toContain('₱1,000 – ₱3,000');
    expect(brotliDecompressSync(compressed.raw).toString('utf8')).toBe((await page()).html);
  });

  it.each([
    ['fails to draw', 'export async function renderFirstPaint() { throw new Error("broken"); }\n'],
    ['cannot even be loaded', 'throw new Error("broken at load");\n'],
  ])('sends the page the browser draws when the renderer %s, never an error', async (_case, renderer) => {
    const dir = await mkdtemp(join(tmpdir(), 'hiram-broken-renderer-'));
    try {
      await cp(WEB_DIST, join(dir, 'dist'), { recursive: true });
      await mkdir(join(dir, 'dist-server'));
      await writeFile(join(dir, 'dist-server/render-first-paint.js'), renderer);
      await writeFile(
        join(dir, 'dist-server/first-paint.json'),
        JSON.stringify({
          criticalCss: '',
          cardCss: { app: '', own: '' },
          signedInPreloads: { scripts: [], styles: [] },
        }),
      );
      const broken = await startTestServer({ config: { webDist: join(dir, 'dist') }, database: server.db });
      try {
        const response = await broken.app.inject({ method: 'GET', url: '/' });
        expect(response.statusCode).toBe(200);
        expect(response.payload).toContain('<div id="root"></div>');
        expect(response.payload).toMatch(/<script type="module" crossorigin src="\/assets\/index-/);
        expect(String(response.headers['content-security-policy'])).toContain("script-src 'self';");
      } finally {
        await broken.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('composePage', () => {
  const INDEX = [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <meta charset="UTF-8" />',
    '    <title>Hiram</title>',
    '    <script type="module" crossorigin src="/assets/index-a.js"></script>',
    '    <link rel="modulepreload" crossorigin href="/assets/client-b.js">',
    '    <link rel="stylesheet" crossorigin href="/assets/index-c.css">',
    '  </head>',
    '  <body>',
    '    <div id="root"></div>',
    '    <noscript>Turn on JavaScript.</noscript>',
    '  </body>',
    '</html>',
  ].join('\n');

  it('keeps hostile text inside the drawing and the data block', () => {
    const hostile = "</script><script>alert(1)</script> $' $& $1";
    const { html } = composePage(INDEX, {
      body: "<p>$' $&amp;</p>",
      paint: { lang: 'en', signedIn: false, queries: { [HOME_QUERY_KEYS.productList]: [{ name: hostile }] } },
      css: '.a{color:red}',
      preloads: { scripts: [], styles: [] },
    });
    expect(html).toContain('<div id="root"><p>$\' $&amp;</p></div>');
    expect(html.match(/<script>alert/g)).toBeNull();
    expect(firstPaintOf(html)?.queries[HOME_QUERY_KEYS.productList]).toEqual([{ name: hostile }]);
    expect(html).toContain('<noscript><link rel="stylesheet" href="/assets/index-c.css">Turn on JavaScript.');
    expect(html).toContain(`${APP_PRELOADS_ATTRIBUTE}="/assets/client-b.js"`);
  });
});

describe('the page around Home', () => {
  it('answers in the encoding the client accepts, never one it refuses', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(acceptedEncoding('x-br, identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });

  it("keeps a brand's name with `$` in it as text", () => {
    const { html } = brandedIndex('<head><title>Hiram</title></head>', {
      packageName: 'ph.dollar.app',
      appName: "Pera $& $' Co",
      parentOrigins: [],
    });
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Pera $&#38; $&#39; Co</title>');
  });
});
