// The back office's first screen (sign-in, then the dashboard), in compressed bytes: what a staff member's
// browser fetches before the console can be used. Every other section loads with its route (ADR 0057).
// Fails when a budget is exceeded. Run after `npm run build -w @hiram/ops`; `--dist <dir>` measures another build.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { initialAssets, sizesOf } from './bench-web.mjs';

const KiB = 1024;
/** The first screen's JS and CSS, brotli 11; and the largest chunk any section loads, minified. */
export const OPS_BUDGETS = { js: 140 * KiB, css: 6 * KiB, largestChunk: 500 * KiB };
const BASE = '/ops/';

function distOf(argv) {
  const at = argv.indexOf('--dist');
  return resolve(at >= 0 ? argv[at + 1] : resolve(import.meta.dirname, '../apps/ops/dist'));
}

/** The first screen's files with their sizes, the totals, and the largest chunk of the whole build. */
export function measureOps(dist) {
  const { js, css } = initialAssets(join(dist, 'index.html'), { dist, base: BASE });
  const file = (url) => readFileSync(join(dist, url.slice(BASE.length)));
  const rows = [...js, ...css].map((url) => sizesOf(url, file(url)));
  const total = (ext, size) => rows.filter((r) => r.name.endsWith(ext)).reduce((sum, r) => sum + r[size], 0);
  const chunks = readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js'));
  const largest = chunks
    .map((name) => ({ name, raw: readFileSync(join(dist, 'assets', name)).length }))
    .sort((a, b) => b.raw - a.raw)[0];
  return {
    rows,
    js: { raw: total('.js', 'raw'), gzip: total('.js', 'gzip'), brotli: total('.js', 'brotli') },
    css: { raw: total('.css', 'raw'), gzip: total('.css', 'gzip'), brotli: total('.css', 'brotli') },
    largest,
  };
}

function main() {
  const dist = distOf(process.argv);
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`No build in ${dist}: run \`npm run build -w @hiram/ops\` first.`);
    process.exit(1);
  }
  const measured = measureOps(dist);
  const pad = (text, width) => String(text).padStart(width);
  console.log(`Back office, first screen (${dist})`);
  console.log(`${'file'.padEnd(52)}${pad('raw', 10)}${pad('gzip', 10)}${pad('brotli', 10)}`);
  for (const r of measured.rows)
    console.log(`${r.name.padEnd(52)}${pad(r.raw, 10)}${pad(r.gzip, 10)}${pad(r.brotli, 10)}`);
  for (const kind of ['js', 'css'])
    console.log(
      `${`total ${kind}`.padEnd(52)}${pad(measured[kind].raw, 10)}${pad(measured[kind].gzip, 10)}${pad(measured[kind].brotli, 10)}`,
    );
  const checks = [
    ['js', measured.js.brotli, OPS_BUDGETS.js, 'B brotli'],
    ['css', measured.css.brotli, OPS_BUDGETS.css, 'B brotli'],
    [
      `largest chunk (${measured.largest.name})`,
      measured.largest.raw,
      OPS_BUDGETS.largestChunk,
      'B minified',
    ],
  ];
  let failed = false;
  for (const [name, bytes, budget, unit] of checks) {
    const ok = bytes <= budget;
    failed ||= !ok;
    console.log(`${ok ? 'ok  ' : 'OVER'} ${name}: ${bytes} ${unit} (budget ${budget})`);
  }
  if (failed) {
    console.error('Budget exceeded: split the section that grew (React.lazy in apps/ops/src/app/app.tsx).');
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
