#!/usr/bin/env node
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * `npm start`: builds the server (and the web app and the back office) when a build is missing or older than
 * its sources, then runs the built server in this very process. npm hands Ctrl-C and SIGTERM to this process, so they
 * reach the server itself, with no shell or second npm in between to swallow them (ADR 0021).
 * `npm start -- --help` builds only the server. Where the sources are not shipped (the container image),
 * run `node apps/server/dist/main.js` instead.
 */
const ROOT = resolve(import.meta.dirname, '..');
const SERVER_MAIN = join(ROOT, 'apps/server/dist/main.js');
// The web build's last output: the page, then Home's renderer, then its first-paint assets.
const WEB_INDEX = join(ROOT, 'apps/web/dist-server/first-paint.json');
const OPS_INDEX = join(ROOT, 'apps/ops/dist/index.html');
const SERVER_SOURCES = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/contract/src',
  'scripts/build-server.mjs',
];
const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/simulator.html',
  'apps/web/vite.config.ts',
  'apps/web/scripts',
  'packages/contract/src',
];
const OPS_SOURCES = [
  'apps/ops/src',
  'apps/ops/index.html',
  'apps/ops/vite.config.ts',
  'packages/contract/src',
];

/** The newest modification time under these paths, in milliseconds; 0 when none exists. */
function newestChange(paths) {
  let newest = 0;
  const visit = (path) => {
    const stat = statSync(path);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const path of paths) if (existsSync(join(ROOT, path))) visit(join(ROOT, path));
  return newest;
}

function isStale(output, sources) {
  return !existsSync(output) || statSync(output).mtimeMs < newestChange(sources);
}

const help = process.argv.includes('--help') || process.argv.includes('-h');
if (isStale(SERVER_MAIN, SERVER_SOURCES)) {
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}
// WEB_DIST names a web app built elsewhere: nothing to build here.
if (!help && !process.env.WEB_DIST?.trim() && isStale(WEB_INDEX, WEB_SOURCES)) {
  const built = spawnSync('npm', ['run', 'build', '-w', '@hiram/web'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
// The back office (apps/ops), likewise, unless OPS_DIST names one built elsewhere.
if (!help && !process.env.OPS_DIST?.trim() && isStale(OPS_INDEX, OPS_SOURCES)) {
  const built = spawnSync('npm', ['run', 'build', '-w', '@hiram/ops'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
await import(pathToFileURL(SERVER_MAIN).href);
