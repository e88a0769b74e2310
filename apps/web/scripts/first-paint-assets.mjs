// After `vite build` and `vite build --ssr`: the CSS Home needs for its first paint, which the server
// inlines into the page (docs/decisions/0050, 0051). The server's renderer draws Home as a new visitor
// (offer loading, no offer, the offer) and as a signed-in borrower (the card's frame), and, for a borrower's
// own page, every kind of loan card (LOAN_STATE_SAMPLES); Beasties keeps the rules of the built stylesheets
// that match any of them. Writes dist-server/first-paint.json: those two CSS sets, and the signed-in card's
// chunks, which the server preloads on a signed-in borrower's page.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Beasties from 'beasties';

const WEB = join(import.meta.dirname, '..');
const DIST = join(WEB, 'dist');
const SERVER_DIST = join(WEB, 'dist-server');

const { renderFirstPaint, LOAN_STATE_SAMPLES, sampleHomeQueries } = await import(
  pathToFileURL(join(SERVER_DIST, 'render-first-paint.js')).href
);
const brand = { packageName: 'ph.hiram.app', appName: 'Hiram', parentOrigins: [] };
const draw = (signedIn, queries) => renderFirstPaint({ brand, paint: { lang: 'en', signedIn, queries } });
const homeDrawings = await Promise.all([
  draw(false, {}),
  draw(false, sampleHomeQueries({ offer: [] })),
  draw(false, sampleHomeQueries()),
  draw(true, {}),
]);
// A borrower's own page (docs/decisions/0051): every kind of card, and her Home with no loan (the offer).
const cardDrawings = await Promise.all([
  draw(true, sampleHomeQueries({ latest: { ...LOAN_STATE_SAMPLES.repaying, order: null } })),
  ...Object.values(LOAN_STATE_SAMPLES).map((latest) => draw(true, sampleHomeQueries({ latest }))),
]);

const index = await readFile(join(DIST, 'index.html'), 'utf8');
const beasties = new Beasties({
  path: DIST,
  publicPath: '/',
  // Only read the stylesheet: the server decides how the page carries it.
  preload: false,
  pruneSource: false,
  inlineFonts: false,
  logLevel: 'warn',
});

/**
 * The rules that match any of the drawings, of the app's stylesheet or (given) of other stylesheets alone:
 * Beasties merges what it keeps into one style, and a borrower's page needs the card's apart.
 */
async function criticalCssOf(drawings, stylesheets = null) {
  let page = index.replace('<div id="root"></div>', `<div id="root">${drawings.join('')}</div>`);
  if (stylesheets) {
    const links = stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`).join('');
    page = page.replace(/<link rel="stylesheet"[^>]*>/g, '').replace('</head>', `${links}</head>`);
  }
  const processed = await beasties.process(page);
  const styles = [...processed.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]);
  if (styles.length === 0)
    throw new Error('Beasties inlined no CSS: is the stylesheet linked from index.html?');
  return styles.join('');
}

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
const criticalCss = await criticalCssOf(homeDrawings);
// A borrower's card page: the app's rules, and the card's own, which the page keeps after the app's
// stylesheet as the card's chunk keeps its stylesheet (they win ties over it), so nothing moves as it loads.
const cardCss = {
  app: await criticalCssOf(cardDrawings),
  own: await criticalCssOf(cardDrawings, [...styles_]),
};
const firstPaint = {
  criticalCss,
  cardCss,
  signedInPreloads: { scripts: [...scripts], styles: [...styles_] },
};
await writeFile(join(SERVER_DIST, 'first-paint.json'), `${JSON.stringify(firstPaint, null, 2)}\n`);
console.log(
  `first-paint.json: ${criticalCss.length} B of Home's first-paint CSS, ${cardCss.app.length + cardCss.own.length} B of a borrower's card page`,
);
