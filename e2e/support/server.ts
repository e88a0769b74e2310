import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEV_CLOCK_PATH } from '@hiram/contract/api/routes';
import { expect, inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, seeded data directory (support/global-setup.ts): each server starts from a copy. */
    dataDirTemplate: string | null;
  }
}

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
const SERVER_MAIN = join(REPO_ROOT, 'apps/server/dist/main.js');

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Stops the server; its data directory is deleted unless kept (the global setup's template). */
  stop(options?: { keepDataDir?: boolean }): Promise<void>;
  /** Kills the server as `kill -9` does: nothing of its shutdown runs; its data directory stays as it was left. */
  kill(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not answer /healthz within 60 s:\n${output()}`);
}

/**
 * Starts the real server, built (as `npm start` does, on the embedded database, or on the PostgreSQL database
 * `env.DATABASE_URL` names) on a free port, in a process of its own. The embedded database starts as a copy
 * of `template`, a data directory the global setup migrated and seeded once (support/global-setup.ts):
 * creating an empty one (initdb) costs seconds each time; without a template it is created as on a first start.
 */
export async function startServer(
  env: Record<string, string> = {},
  template: string | null = inject('dataDirTemplate'),
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'hiram-e2e-'));
  if (template) cpSync(template, dataDir, { recursive: true });
  // The built server (support/global-setup.ts builds it first), as the image runs it: a start costs about half
  // the CPU of compiling the sources with tsx, and PDF threads start from plain JavaScript too.
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Behind one proxy hop, as in production; the journeys' phones give their own addresses (phone-address.ts).
      TRUST_PROXY: '1',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child, () => log);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    dataDir,
    async stop(options = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!options.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Seconds from `at` to the next `hour`:00 in Manila (UTC+8, no daylight saving): a move that lands in the day. */
export function secondsUntilManilaHour(at: Date, hour: number): number {
  const day = 86_400;
  const manilaSeconds = Math.floor((at.getTime() / 1000 + 8 * 3600) % day);
  return (hour * 3600 - manilaSeconds + day) % day;
}

/**
 * Moves a server's clock forward (`POST /dev/clock`, never in production); the background jobs that fall due
 * run before it answers. Answers the server's new time. Only on a journey's own server: the others share one.
 */
export async function moveServerClock(baseURL: string, seconds: number): Promise<Date> {
  const response = await fetch(`${baseURL}${DEV_CLOCK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: seconds }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const { data } = (await response.json()) as { data: { now: string } };
  return new Date(data.now);
}
