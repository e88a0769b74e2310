// After `vite build` and `vite build --ssr`: the CSS Home needs for its first paint, which the server
// inlines into the page (docs/decisions/0050-home-from-the-first-html.md). The server's renderer draws Home
// as a new visitor (offer loading, no offer) and as a signed-in borrower (the card's frame); Beasties keeps
// the rules of the built stylesheet that match any of them. Writes dist-server/first-paint.json: that CSS,
// and the signed-in card's chunk, which the server preloads on a signed-in borrower's page.
import { readFile, rm, writeFile } from 'node:fs/promises';
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

// The signed-in card's chunk and every chunk it imports, from Vite's manifest: the server preloads them on
// a signed-in borrower's page, so they arrive with the first load instead of one after another. The
// manifest then leaves dist, which is served as it is.
const manifestDir = join(DIST, '.vite');
const manifest = JSON.parse(await readFile(join(manifestDir, 'manifest.json'), 'utf8'));
await rm(manifestDir, { recursive: true, force: true });
const CARD = 'src/features/home/loan-state-card.tsx';
if (!manifest[CARD]) throw new Error(`${CARD} is not in Vite's manifest: was it renamed?`);
const scripts = new Set();
const styles_ = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || scripts.has(`/${chunk.file}`) || chunk.isEntry) return;
  scripts.add(`/${chunk.file}`);
  for (const css of chunk.css ?? []) styles_.add(`/${css}`);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(CARD);
const firstPaint = { criticalCss, signedInPreloads: { scripts: [...scripts], styles: [...styles_] } };
await writeFile(join(SERVER_DIST, 'first-paint.json'), `${JSON.stringify(firstPaint, null, 2)}\n`);
console.log(`first-paint.json: ${criticalCss.length} B of Home's first-paint CSS`);
