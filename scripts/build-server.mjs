#!/usr/bin/env node
import { cpSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, stop } from 'esbuild';

/**
 * Builds the server into apps/server/dist: src/main.ts and the contract's TypeScript bundled into plain
 * JavaScript, the npm dependencies left as imports (PGlite's wasm and data files, sharp's native module and
 * the fonts are found in node_modules as before), and the SQL migrations copied beside main.js, where
 * db/migrate.ts looks for them (ADR 0021). The output is written to a fresh directory and swapped in, so a
 * server starting meanwhile never reads half a build.
 */
const SERVER_DIR = resolve(import.meta.dirname, '../apps/server');
export const SERVER_DIST = join(SERVER_DIR, 'dist');

export async function buildServer() {
  const manifest = JSON.parse(await readFile(join(SERVER_DIR, 'package.json'), 'utf8'));
  // The contract is TypeScript source: bundled. Every other dependency stays in node_modules.
  const external = Object.keys(manifest.dependencies).filter((name) => name !== '@hiram/contract');
  const staging = `${SERVER_DIST}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  await build({
    entryPoints: [join(SERVER_DIR, 'src/main.ts')],
    outdir: staging,
    bundle: true,
    // The PDF code is imported on first use (routes/loan/orders.ts): it stays a chunk of its own.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    external,
    logLevel: 'warning',
    // Readable stack traces in production logs, without source maps.
    minify: false,
  });
  // esbuild's service process would otherwise live on beside the server `npm start` runs in this process.
  await stop();
  mkdirSync(join(staging, 'migrations'));
  cpSync(join(SERVER_DIR, 'src/db/migrations'), join(staging, 'migrations'), { recursive: true });
  rmSync(SERVER_DIST, { recursive: true, force: true });
  try {
    renameSync(staging, SERVER_DIST);
  } catch (error) {
    // Another build swapped its own in first: the same sources, so that one will do.
    rmSync(staging, { recursive: true, force: true });
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
