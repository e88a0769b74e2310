import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { API, API_PREFIX, HEADERS, HEALTH_PATH } from '@hiram/contract/api/routes';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { ERRORS } from '@hiram/contract/errors';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../../src/db/data-dir-lock.ts';
import { servedAddress } from '../../src/db/served-address.ts';
import { createTestPostgresDatabase, testDatabaseKind } from '../database-target.ts';
import { rawConnection, refusesConnections } from '../raw-http.ts';

/**
 * `npm start` as the README gives it, stopped as an operator or a container platform stops it: SIGTERM to
 * the npm process, or Ctrl-C (SIGINT to the terminal's whole process group). The server itself must stop,
 * after finishing the request under way, and free its port and the embedded database's lock.
 */
const ROOT = resolve(import.meta.dirname, '../../../..');
/** npm builds the server first when its build is older than the sources; the first start creates a cluster. */
const START_MS = 120_000;

let databaseEnv: Record<string, string>;
let dataDir: string | null = null;
let cleanUp: () => Promise<void>;
const webDist = mkdtempSync(join(tmpdir(), 'hiram-no-web-'));

beforeAll(async () => {
  if (testDatabaseKind() === 'postgres') {
    const database = await createTestPostgresDatabase();
    databaseEnv = { DATABASE_URL: database.url };
    cleanUp = database.drop;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'hiram-stop-'));
    dataDir = dir;
    databaseEnv = { DATA_DIR: dir };
    cleanUp = async () => rmSync(dir, { recursive: true, force: true });
  }
});
afterAll(async () => {
  await cleanUp();
  rmSync(webDist, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

interface Started {
  npm: ChildProcess;
  port: number;
  /** The server process's pid, from its first log line. */
  serverPid: number;
  /** Resolves when a log line with this message has been printed. */
  logged(message: string): Promise<void>;
  exited: Promise<number | null>;
}

/** Servers a failing test left running (the bug this file guards against) are killed, not left behind. */
const serverPids: number[] = [];
afterEach(() => {
  for (const pid of serverPids.splice(0)) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
});

async function npmStart(): Promise<Started> {
  const port = await freePort();
  // A process group of its own, as a terminal gives a command: Ctrl-C signals the whole group.
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      // Nothing to serve at `/`: npm start then leaves the web app alone.
      WEB_DIST: webDist,
      ...databaseEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((done) => npm.once('exit', (code) => done(code)));
  let output = '';
  const waiting: { message: string; done: () => void }[] = [];
  const messages: string[] = [];
  let serverPid = 0;
  let listening: () => void = () => {};
  const listened = new Promise<void>((done) => {
    listening = done;
  });
  npm.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  let pending = '';
  npm.stdout?.on('data', (chunk) => {
    output += chunk;
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as { msg: string; pid: number };
      messages.push(entry.msg);
      if (entry.msg.startsWith('Hiram is serving')) {
        serverPid = entry.pid;
        serverPids.push(entry.pid);
        listening();
      }
      for (const wait of waiting) if (entry.msg === wait.message) wait.done();
    }
  });
  await Promise.race([
    listened,
    exited.then((code) => {
      throw new Error(`npm start exited (${code}) before listening:\n${output}`);
    }),
  ]);
  return {
    npm,
    port,
    serverPid,
    exited,
    logged: (message) =>
      messages.includes(message)
        ? Promise.resolve()
        : new Promise((done) => {
            waiting.push({ message, done });
          }),
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe(`stopping npm start (${testDatabaseKind()})`, () => {
  it(
    'SIGTERM to npm: the request under way is answered, then the server stops, frees its port and the lock',
    async () => {
      const server = await npmStart();
      const lockPath = dataDir ? join(dataDir, LOCK_FILE_NAME) : null;
      if (lockPath) expect(existsSync(lockPath)).toBe(true);

      // A request whose headers the server has (it asks for the body), but whose body is still to come.
      const body = JSON.stringify({ mobile: '09171234567', type: 'register' });
      const connection = rawConnection(server.port);
      connection.socket.write(
        `POST ${API_PREFIX}${API.getVerifyCode.path} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `${HEADERS.packageName}: ${DEFAULT_PACKAGE_NAME}\r\ncontent-type: application/json\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\nexpect: 100-continue\r\n\r\n`,
      );
      await connection.until(/100 Continue\r\n\r\n/);

      process.kill(server.npm.pid as number, 'SIGTERM');
      await server.logged('stopping: finishing the requests under way');
      // Written, not ended: Node aborts a request whose client half-closes the connection. A new request
      // follows on the same kept-alive connection: refused in the envelope, the connection closed after it.
      connection.socket.write(`${body}GET ${HEALTH_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      const [finished, refused] = await connection.answers(2);
      expect(finished?.status).toBe(200);
      expect(JSON.parse(finished?.body ?? '')).toMatchObject({ code: 0 });
      expect(refused?.status).toBe(503);
      expect(JSON.parse(refused?.body ?? '')).toMatchObject({ code: ERRORS.SHUTTING_DOWN.code });
      expect(refused?.headers).toMatchObject({ connection: 'close', 'x-frame-options': 'DENY' });
      await connection.closed;

      // Promptly: well within the bound after which a stop gives up (main.ts).
      await expect.poll(() => isRunning(server.serverPid), { timeout: 10_000 }).toBe(false);
      await server.exited;
      expect(await refusesConnections(server.port)).toBe(true);
      if (lockPath) expect(existsSync(lockPath)).toBe(false);
    },
    START_MS,
  );

  it(
    'Ctrl-C (SIGINT to the process group): the server stops and releases the lock',
    async () => {
      const server = await npmStart();
      // `npm run ops -- create-admin` on this DATA_DIR links to where the server listens (ops-cli.ts).
      if (dataDir) expect(servedAddress(dataDir)).toBe(`http://127.0.0.1:${server.port}`);
      process.kill(-(server.npm.pid as number), 'SIGINT');
      await server.exited;
      await expect.poll(() => isRunning(server.serverPid), { timeout: 10_000 }).toBe(false);
      expect(await refusesConnections(server.port)).toBe(true);
      if (dataDir) expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);

      // The build npm start made has the PDF render threads' entry (ADR 0062), and it answers: without it
      // the built server would fail only at its first PDF.
      const worker = new Worker(join(ROOT, 'apps/server/dist/render-worker.js'));
      const reply = new Promise<{ id: number; error?: string }>((done, fail) => {
        worker.once('message', done);
        worker.once('error', fail);
      });
      worker.postMessage({ id: 7, job: { document: 'no-such-document' } });
      expect(await reply).toMatchObject({ id: 7, error: expect.any(String) });
      await worker.terminate();
    },
    START_MS,
  );
});
