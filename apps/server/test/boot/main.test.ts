import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { VARIABLES } from '../../src/config.ts';
import { LOCK_FILE_NAME } from '../../src/db/data-dir-lock.ts';
import { startTestServer } from '../helper.ts';
import { runMain } from './main-process.ts';

/** A first start on a fresh DATA_DIR creates the cluster in a process of its own: seconds, more on a busy machine. */
const FIRST_START_MS = 90_000;

const dataDirs: string[] = [];
function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hiram-data-'));
  dataDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('npm start -- --help', () => {
  it('prints every variable with its default and exits 0', async () => {
    const run = await runMain(['--help'], {});
    expect(run.code).toBe(0);
    for (const variable of VARIABLES) expect(run.stdout).toContain(variable.name);
    expect(run.stdout).toMatch(/PORT\s+8080/);
  });
});

describe('npm start -- --help, as the README gives it', () => {
  it('prints the variables without building the web app', async () => {
    const root = join(import.meta.dirname, '../../../..');
    const run = spawnSync('npm', ['start', '--', '--help'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(0);
    for (const variable of VARIABLES) expect(run.stdout).toContain(variable.name);
    // The web app's build (vite) would announce itself here.
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/vite|building/i);
  }, 60_000);
});

describe('a stop asked for while the embedded database opens', () => {
  it(
    'is carried out once it is open: the process exits and releases the lock',
    async () => {
      const dataDir = freshDataDir();
      const lockPath = join(dataDir, LOCK_FILE_NAME);
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: join(import.meta.dirname, '../..'),
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          DATA_DIR: dataDir,
          PORT: String(20_000 + (process.pid % 20_000)),
          NODE_ENV: 'test',
        },
        stdio: 'ignore',
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      // The lock is taken before the cluster is created: from then on the start takes seconds.
      await expect.poll(() => existsSync(lockPath), { timeout: FIRST_START_MS, interval: 20 }).toBe(true);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(existsSync(lockPath)).toBe(false);
    },
    FIRST_START_MS,
  );
});

describe('a configuration error', () => {
  it('stops the start with a message naming the variable, no stack trace, exit code 1', async () => {
    const run = await runMain([], { PORT: 'abc', NODE_ENV: 'nope' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('PORT must be an integer from 1 to 65535 (got "abc")');
    expect(run.stderr).toContain('NODE_ENV must be one of development, test, production (got "nope")');
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });
});

describe('the embedded database lock', () => {
  it(
    'refuses a second server process on the same DATA_DIR, and is released on close',
    async () => {
      const dataDir = freshDataDir();
      const first = await startTestServer({
        config: { dataDir, databaseUrl: null },
        database: 'from-config',
      });
      try {
        const lockPath = join(dataDir, LOCK_FILE_NAME);
        expect(readFileSync(lockPath, 'utf8').split('\n')[0]).toBe(String(process.pid));
        const second = await runMain([], { DATA_DIR: dataDir, PORT: '18089', NODE_ENV: 'test' });
        expect(second.code).toBe(1);
        expect(second.stderr).toContain(`is in use by another Hiram server (pid ${process.pid})`);
        expect(second.stderr).not.toMatch(/^\s+at /m);
        // The first server is unharmed.
        expect((await first.request({ method: 'GET', url: '/healthz' })).status).toBe(200);
      } finally {
        await first.close();
      }
      expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
    },
    FIRST_START_MS,
  );

  it(
    'takes over the lock a dead process left behind',
    async () => {
      const dataDir = freshDataDir();
      // A pid far above any this machine hands out: nobody runs under it.
      writeFileSync(join(dataDir, LOCK_FILE_NAME), '4194304\n');
      const server = await startTestServer({
        config: { dataDir, databaseUrl: null },
        database: 'from-config',
      });
      try {
        expect(readFileSync(join(dataDir, LOCK_FILE_NAME), 'utf8').split('\n')[0]).toBe(String(process.pid));
        expect((await server.call('productList', {})).status).toBe(200);
      } finally {
        await server.close();
      }
    },
    FIRST_START_MS,
  );
});
