#!/usr/bin/env node
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, stop } from 'esbuild';

/**
 * Builds the server into apps/server/dist: src/main.ts (and src/ops-cli.ts, and the PDF render worker) and
 * the contract's TypeScript bundled into plain JavaScript, the npm dependencies left as imports (PGlite's
 * wasm and data files, sharp's native module and the fonts are found in node_modules as before), and the
 * SQL migrations copied beside main.js, where db/migrate.ts looks for them (ADR 0021). Each file is written
 * beside its place and renamed into it, so a server starting meanwhile, or a second build of the same
 * sources (test files running side by side), never reads half a file.
 */
const SERVER_DIR = resolve(import.meta.dirname, '../apps/server');
export const SERVER_DIST = join(SERVER_DIR, 'dist');

function writeInPlace(path, contents) {
  const staging = `${path}.${process.pid}.tmp`;
  writeFileSync(staging, contents);
  renameSync(staging, path);
}

/** Removes the files of an older build that this one does not have. */
function removeAllBut(dir, keep) {
  for (const name of readdirSync(dir)) {
    if (!keep.has(name) && !name.endsWith('.tmp')) rmSync(join(dir, name), { force: true });
  }
}

export async function buildServer() {
  const manifest = JSON.parse(await readFile(join(SERVER_DIR, 'package.json'), 'utf8'));
  // The contract is TypeScript source: bundled. Every other dependency stays in node_modules.
  const external = Object.keys(manifest.dependencies).filter((name) => name !== '@hiram/contract');
  const result = await build({
    // The server, the back-office command line (`node apps/server/dist/ops-cli.js create-admin ...`),
    // which the container image runs without tsx, and the PDF render threads' entry, which
    // documents/render-pool.ts starts from beside the bundle (ADR 0062).
    entryPoints: [
      { in: join(SERVER_DIR, 'src/main.ts'), out: 'main' },
      { in: join(SERVER_DIR, 'src/ops-cli.ts'), out: 'ops-cli' },
      { in: join(SERVER_DIR, 'src/documents/render-worker.ts'), out: 'render-worker' },
    ],
    outdir: SERVER_DIST,
    write: false,
    bundle: true,
    // Code the entries share is a chunk of its own, loaded once.
    splitting: true,
    format: 'esm',
    platform: 'node',
    // The oldest line the bundle runs on: development's Node 20; the image runs Node 24 (ADR 0060).
    target: 'node20.19',
    external,
    logLevel: 'warning',
    // Readable stack traces in production logs, without source maps.
    minify: false,
  });
  // esbuild's service process would otherwise live on beside the server `npm start` runs in this process.
  await stop();
  const migrationsDir = join(SERVER_DIST, 'migrations');
  mkdirSync(migrationsDir, { recursive: true });
  const migrations = readdirSync(join(SERVER_DIR, 'src/db/migrations'));
  for (const name of migrations) {
    writeInPlace(join(migrationsDir, name), readFileSync(join(SERVER_DIR, 'src/db/migrations', name)));
  }
  removeAllBut(migrationsDir, new Set(migrations));
  // Chunks first, main.js last: a main.js never names a chunk that is not there yet.
  const files = [...result.outputFiles].sort(
    (a, b) => Number(a.path.endsWith('main.js')) - Number(b.path.endsWith('main.js')),
  );
  for (const file of files) writeInPlace(file.path, file.contents);
  removeAllBut(SERVER_DIST, new Set(['migrations', ...files.map((file) => basename(file.path))]));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
