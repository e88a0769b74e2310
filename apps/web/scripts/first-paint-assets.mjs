// After `vite build` and `vite build --ssr`: the CSS Home needs for its first paint, which the server
// inlines into the page (docs/decisions/0050-home-from-the-first-html.md). The server's renderer draws Home
// as a new visitor (offer loading, no offer) and as a signed-in borrower (the card's frame); Beasties keeps
// the rules of the built stylesheet that match any of them. Writes dist-server/first-paint.json: that CSS,
// and the signed-in card's chunk, which the server preloads on a signed-in borrower's page.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Beasties from 'beasties';

const WEB = join(import.meta.dirname, '..');
const DIST = join(WEB, 'dist');
const SERVER_DIST = join(WEB, 'dist-server');

const { renderFirstPaint } = await import(pathToFileURL(join(SERVER_DIST, 'render-first-paint.js')).href);
const brand = { packageName: 'ph.hiram.app', appName: 'Hiram', parentOrigins: [] };
const drawings = await Promise.all([
  renderFirstPaint({ brand, paint: { lang: 'en', signedIn: false, queries: {} } }),
  renderFirstPaint({ brand, paint: { lang: 'en', signedIn: false, queries: { 'loan/product/list': [] } } }),
  renderFirstPaint({ brand, paint: { lang: 'en', signedIn: true, queries: {} } }),
]);

const index = await readFile(join(DIST, 'index.html'), 'utf8');
const page = index.replace('<div id="root"></div>', `<div id="root">${drawings.join('')}</div>`);
const beasties = new Beasties({
  path: DIST,
  publicPath: '/',
  // Only read the stylesheet: the server decides how the page carries it.
  preload: false,
  pruneSource: false,
  inlineFonts: false,
  logLevel: 'warn',
});
const processed = await beasties.process(page);
const styles = [...processed.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]);
if (styles.length === 0)
  throw new Error('Beasties inlined no CSS: is the stylesheet linked from index.html?');
const criticalCss = styles.join('');

const assets = await readdir(join(DIST, 'assets'));
const cardChunk = assets.filter((name) => /^loan-state-card-[\w-]+\.js$/.test(name));
if (cardChunk.length !== 1) throw new Error(`Expected one loan-state-card chunk, found ${cardChunk.length}`);
const firstPaint = { criticalCss, signedInPreloads: cardChunk.map((name) => `/assets/${name}`) };
await writeFile(join(SERVER_DIST, 'first-paint.json'), `${JSON.stringify(firstPaint, null, 2)}\n`);
console.log(`first-paint.json: ${criticalCss.length} B of Home's first-paint CSS`);
