// `npm run bench:server`: start-up time and memory of the server process, a benchmark to run by hand (not a
// test: the figures depend on the machine and on what else runs on it). For each way of running the server
// (the build `npm start` runs, and the TypeScript sources through tsx, as before issue 9) and each database
// (the embedded one on a fresh DATA_DIR, then again on that now-existing DATA_DIR, and a fresh PostgreSQL
// database from DATABASE_URL or the local server), it measures the time from spawn to the first 200 from
// /healthz, and the resident memory (RSS) of the process: once idle after start, and after a round of
// requests (sign-up codes, product list, PSGC lookups through the identity sandbox's address list).
//
//   npm run bench:server                      # everything
//   BENCH_RUNS=built npm run bench:server     # only the build (or: source)
//   BENCH_DATABASES=embedded npm run bench:server   # only the embedded database (or: postgres)
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { API, API_PREFIX, HEADERS } from '@hiram/contract/api/routes';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import pg from 'pg';
import { freePort } from './bench-support.ts';
import { buildServer } from './build-server.mjs';

const ROOT = join(import.meta.dirname, '..');
const ADMIN_URL = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
const IDLE_MS = 3000;
const REQUEST_ROUNDS = 200;

const RUNS = {
  built: ['apps/server/dist/main.js'],
  source: ['--import', 'tsx', 'apps/server/src/main.ts'],
} as const;
type RunName = keyof typeof RUNS;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Math.round(Number(line?.[1] ?? 0) / 1024);
}

interface Measure {
  startMs: number;
  idleMb: number;
  afterRequestsMb: number;
}

async function measure(run: RunName, env: Record<string, string>): Promise<Measure> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...RUNS[run]], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const ok = await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await sleep(20);
    }
    const startMs = Math.round(performance.now() - began);
    await sleep(IDLE_MS);
    const idleMb = rssMb(child.pid as number);
    const headers = { [HEADERS.packageName]: DEFAULT_PACKAGE_NAME, 'content-type': 'application/json' };
    for (let i = 0; i < REQUEST_ROUNDS; i++) {
      const mobile = `0917${String(1_000_000 + i).slice(1)}${i % 10}`;
      await fetch(`${url}${API_PREFIX}${API.productList.path}`, { headers });
      await fetch(`${url}${API_PREFIX}${API.getVerifyCode.path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ mobile, type: 'register' }),
      });
      await fetch(`${url}${API_PREFIX}${API.existsByMobile.path}?mobile=${mobile}`, { headers });
    }
    await sleep(IDLE_MS);
    return { startMs, idleMb, afterRequestsMb: rssMb(child.pid as number) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const runs = (process.env.BENCH_RUNS?.split(',') ?? Object.keys(RUNS)) as RunName[];
const databases = process.env.BENCH_DATABASES?.split(',') ?? ['embedded', 'postgres'];
await buildServer();
const rows: string[][] = [['run', 'database', 'start to /healthz', 'idle RSS', 'RSS after requests']];
const row = (run: string, database: string, m: Measure) =>
  rows.push([run, database, `${m.startMs} ms`, `${m.idleMb} MB`, `${m.afterRequestsMb} MB`]);
for (const run of runs) {
  if (databases.includes('embedded')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'hiram-bench-'));
    try {
      row(run, 'embedded, first start', await measure(run, { DATA_DIR: dataDir, DATABASE_URL: '' }));
      row(run, 'embedded, next start', await measure(run, { DATA_DIR: dataDir, DATABASE_URL: '' }));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (databases.includes('postgres')) {
    const name = `hiram_bench_${randomBytes(6).toString('hex')}`;
    await admin(`create database ${name}`);
    try {
      const url = new URL(ADMIN_URL);
      url.pathname = `/${name}`;
      row(run, 'PostgreSQL, first start', await measure(run, { DATABASE_URL: url.toString() }));
      row(run, 'PostgreSQL, next start', await measure(run, { DATABASE_URL: url.toString() }));
    } finally {
      await admin(`drop database if exists ${name} with (force)`);
    }
  }
}
const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] as string).length))) ?? [];
for (const r of rows) console.log(r.map((cell, i) => cell.padEnd(widths[i] as number)).join('  '));
