// The Home route's first load, in compressed bytes: what a borrower on a slow, metered connection pays
// before Home can paint. Fails when a budget is exceeded. Run after `npm run build -w @hiram/web`.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = resolve(import.meta.dirname, '../apps/web/dist');
const KiB = 1024;
const BUDGETS = { js: 75 * KiB, css: 20 * KiB, html: 14_000 };

function brotli(buffer) {
  return brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/** The file of an asset URL: `base` is the app's public path (`/` here, `/ops/` for the back office). */
function assetPath(url, dist = DIST, base = '/') {
  return join(dist, url.slice(url.startsWith(base) ? base.length : 0).split('?')[0]);
}

// Static imports only: `import(...)` is a lazy chunk, loaded when its route opens.
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;

/**
 * The initial JS of an HTML page: its module scripts, their modulepreloads and everything they import statically.
 * `dist` and `base` locate its assets (the borrower app's by default).
 */
export function initialAssets(htmlFile, { dist = DIST, base = '/' } = {}) {
  const html = readFileSync(htmlFile, 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  const js = new Set();
  const queue = [...scripts, ...preloads];
  while (queue.length > 0) {
    const url = queue.shift();
    if (js.has(url)) continue;
    js.add(url);
    const source = readFileSync(assetPath(url, dist, base), 'utf8');
    for (const match of source.matchAll(STATIC_IMPORT)) {
      queue.push(posix.join(posix.dirname(url), match[1]));
    }
  }
  return { html, js: [...js], css };
}

/** One file's sizes: raw, gzip -9 and brotli 11 (what a server or CDN sends). */
export function sizesOf(name, buffer) {
  return { name, raw: buffer.length, gzip: gzipSync(buffer, { level: 9 }).length, brotli: brotli(buffer) };
}

function main() {
  const index = join(DIST, 'index.html');
  if (!existsSync(index)) {
    console.error('No build found: run `npm run build -w @hiram/web` first (or `npm run bench:web`).');
    process.exit(1);
  }
  const { html, js, css } = initialAssets(index);
  const rows = [
    sizesOf('index.html', Buffer.from(html)),
    ...js.map((url) => sizesOf(url, readFileSync(assetPath(url)))),
    ...css.map((url) => sizesOf(url, readFileSync(assetPath(url)))),
  ];
  const sum = (filter) => rows.filter(filter).reduce((total, r) => total + r.brotli, 0);
  const totals = {
    html: Math.min(rows[0].brotli, rows[0].gzip),
    js: sum((r) => r.name.endsWith('.js')),
    css: sum((r) => r.name.endsWith('.css')),
  };
  const pad = (text, width) => String(text).padStart(width);
  console.log(`Home route, first load (${dirname(index).split('/').slice(-2).join('/')})`);
  console.log(`${'file'.padEnd(48)}${pad('raw', 10)}${pad('gzip', 10)}${pad('brotli', 10)}`);
  for (const r of rows)
    console.log(`${r.name.padEnd(48)}${pad(r.raw, 10)}${pad(r.gzip, 10)}${pad(r.brotli, 10)}`);
  let failed = false;
  for (const [kind, bytes] of Object.entries(totals)) {
    const budget = BUDGETS[kind];
    const ok = bytes <= budget;
    failed ||= !ok;
    const unit = kind === 'html' ? 'B compressed' : 'B brotli';
    console.log(`${ok ? 'ok  ' : 'OVER'} ${kind.padEnd(5)} ${pad(bytes, 8)} ${unit} (budget ${budget})`);
  }
  if (failed) {
    console.error('Budget exceeded: the Home route loads more than our borrowers should pay for.');
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
