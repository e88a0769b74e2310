// `npm run bench:api`: the budget of the calls Home makes on every open (issue "Loan lifecycle", Budget).
// Starts the real server on a fresh PostgreSQL database (created from DATABASE_URL, or the local server, and
// dropped after), signs a borrower in through the sandbox SMS outbox, and loads each Home call with
// autocannon at 50 connections on 127.0.0.1, next to a bare Fastify route doing one primary-key query on
// the same database, measured in the same run. Fails when a Home call serves less than half the bare
// route's requests per second, or its p99 latency reaches 25 ms. Home's page (`/`, drawn by the server) is
// measured beside them, for a new visitor (one page per brand and language, kept) and for a borrower (drawn
// with her card for each request); a page is not one of the calls the budget is for, so it is reported only.
//
//   npm run bench:api                        # 10 s per route
//   BENCH_SECONDS=20 npm run bench:api       # longer, steadier numbers
//   BENCH_PROFILE_DIR=prof npm run bench:api # and a V8 CPU profile of the server (open in Chrome DevTools)
//   BENCH_ROUTES=productList,page npm run bench:api   # only these Home calls, `page` for `/` (with the bare route)
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { API, API_PREFIX, type ApiName, DEV_SMS_OUTBOX_PATH, HEADERS } from '@hiram/contract/api/routes';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { encryptPath } from '@hiram/contract/cipher';
import { FIRST_PAINT_ELEMENT_ID, SIGNED_IN_COOKIE } from '@hiram/contract/first-paint';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, start, stop } from './bench-support.ts';

const ADMIN_URL = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;
const ROUNDS = 5;
const MIN_SHARE_OF_BARE = 0.5;
const MAX_P99_MS = 25;
const ALL_HOME_CALLS: ApiName[] = ['latestLoanOrder', 'productList', 'getUserInfo'];
// BENCH_ROUTES=productList,getUserInfo measures only some, while profiling one.
const HOME_CALLS = process.env.BENCH_ROUTES
  ? ALL_HOME_CALLS.filter((name) => process.env.BENCH_ROUTES?.split(',').includes(name))
  : ALL_HOME_CALLS;
const MEASURE_PAGE = !process.env.BENCH_ROUTES || process.env.BENCH_ROUTES.split(',').includes('page');

async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `hiram_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** Headers the app sends with every call. */
function appHeaders(token?: string): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADERS.packageName]: DEFAULT_PACKAGE_NAME,
    [HEADERS.lang]: 'en',
  };
  if (token) headers[HEADERS.authorization] = `Bearer ${token}`;
  return headers;
}

/** The ciphered path the web app calls, as in production. */
function apiUrl(base: string, name: ApiName): string {
  return `${base}${API_PREFIX}/${encryptPath(API[name].path, DEFAULT_PACKAGE_NAME)}`;
}

async function signIn(base: string): Promise<{ token: string; userId: string }> {
  const mobile = `0917${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const sent = await fetch(apiUrl(base, 'getVerifyCode'), {
    method: 'POST',
    headers: { ...appHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify({ mobile, type: 'login' }),
  });
  if (!sent.ok) throw new Error(`getVerifyCode answered ${sent.status}: ${await sent.text()}`);
  const outbox = (await (await fetch(`${base}${DEV_SMS_OUTBOX_PATH}?mobile=${mobile}`)).json()) as {
    data: { text: string }[];
  };
  const code = /\b(\d{6})\b/.exec(outbox.data[0]?.text ?? '')?.[1];
  if (!code) throw new Error('no sign-in code in the sandbox SMS outbox');
  const login = await fetch(apiUrl(base, 'login'), {
    method: 'POST',
    headers: { ...appHeaders(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ mobile, code }).toString(),
  });
  const body = (await login.json()) as { code: number; data: { token: string; user: { userId: string } } };
  if (body.code !== 0) throw new Error(`login answered ${JSON.stringify(body)}`);
  return { token: body.data.token, userId: body.data.user.userId };
}

interface Target {
  /** An HTML page, not an API call. */
  page?: boolean;
  label: string;
  url: string;
  headers: Record<string, string>;
}

interface Measured {
  label: string;
  page: boolean;
  requestsPerSecond: number;
  /** The median of the rounds' p99 latencies, in ms. */
  p99: number;
}

async function run(target: Target, seconds: number) {
  const result = await autocannon({
    url: target.url,
    headers: target.headers,
    connections: CONNECTIONS,
    duration: seconds,
  });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(
      `${target.label}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`,
    );
  }
  return result;
}

/**
 * Loads every target in turn, ROUNDS times over, so that whatever else the machine does in the meantime
 * weighs on all of them alike; the rate is the total over the rounds.
 */
async function measure(targets: Target[]): Promise<Measured[]> {
  for (const target of targets) {
    // Every answer must be a success: a fast error page would flatter the numbers.
    const check = await fetch(target.url, { headers: target.headers });
    const body = await check.text();
    // A page must be the drawn Home; an API call, a success envelope.
    const success = target.page
      ? body.includes(`id="${FIRST_PAINT_ELEMENT_ID}"`)
      : (JSON.parse(body) as { code?: number }).code === 0;
    if (!check.ok || !success)
      throw new Error(`${target.label} answered ${check.status}: ${body.slice(0, 300)}`);
    await run(target, WARM_UP_SECONDS);
  }
  const totals = targets.map(() => ({ requests: 0, seconds: 0, p99s: [] as number[] }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, target] of targets.entries()) {
      const result = await run(target, SECONDS / ROUNDS);
      const total = totals[index] as (typeof totals)[number];
      total.requests += result.requests.total;
      total.seconds += result.duration;
      total.p99s.push(result.latency.p99);
    }
  }
  return targets.map((target, index) => {
    const total = totals[index] as (typeof totals)[number];
    const sorted = [...total.p99s].sort((a, b) => a - b);
    return {
      label: target.label,
      page: target.page === true,
      requestsPerSecond: total.requests / total.seconds,
      p99: sorted[Math.floor(sorted.length / 2)] as number,
    };
  });
}

async function main(): Promise<number> {
  const database = await createDatabase();
  let server: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = await start(
      ['apps/server/src/main.ts'],
      {
        DATABASE_URL: database.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'development',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
        SANDBOX_DELAY_MS: '0',
      },
      `${base}/healthz`,
      process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [],
    );
    const { token, userId } = await signIn(base);

    const barePort = await freePort();
    bare = await start(
      ['scripts/bench-api-bare.ts'],
      { BENCH_DATABASE_URL: database.url, BENCH_PORT: String(barePort), BENCH_USER_ID: userId },
      `http://127.0.0.1:${barePort}/bare`,
    );

    process.stdout.write(
      `${CONNECTIONS} connections on 127.0.0.1, ${SECONDS} s per route in ${ROUNDS} rounds taking turns, after ${WARM_UP_SECONDS} s of warm-up\n`,
    );
    const results = await measure([
      { label: 'bare route (one primary-key query)', url: `http://127.0.0.1:${barePort}/bare`, headers: {} },
      ...HOME_CALLS.map((name) => ({
        label: `${API[name].path} (${name})`,
        url: apiUrl(base, name),
        headers: appHeaders(token),
      })),
      // Home's page itself, drawn by the server with the live offer (docs/decisions/0050), as a phone asks.
      ...(MEASURE_PAGE
        ? [
            {
              label: "/ (Home's page, drawn)",
              url: `${base}/`,
              headers: { 'accept-encoding': 'br, gzip', 'accept-language': 'fil-PH,fil;q=0.9' },
              page: true,
            },
            // A signed-in borrower's: drawn with her own card for each request (docs/decisions/0051).
            {
              label: "/ (Home's page, a borrower's)",
              url: `${base}/`,
              headers: {
                'accept-encoding': 'br, gzip',
                'accept-language': 'fil-PH,fil;q=0.9',
                cookie: `${SIGNED_IN_COOKIE}=${createHash('sha256').update(token).digest('hex')}`,
              },
              page: true,
            },
          ]
        : []),
    ]);
    const yardstick = results[0] as Measured;

    let failed = false;
    const width = Math.max(...results.map((r) => r.label.length));
    process.stdout.write(
      `\n${'route'.padEnd(width)}    req/s   p99 ms   vs bare   (p99: median of the rounds)\n`,
    );
    for (const result of results) {
      const share = result.requestsPerSecond / yardstick.requestsPerSecond;
      const budgeted = result !== yardstick && !result.page;
      const slow = budgeted && (share < MIN_SHARE_OF_BARE || result.p99 >= MAX_P99_MS);
      failed ||= slow;
      const note = slow ? '  over budget' : result.page ? '  (a page: no budget)' : '';
      process.stdout.write(
        `${result.label.padEnd(width)} ${result.requestsPerSecond.toFixed(0).padStart(8)} ${String(result.p99).padStart(8)} ${share.toFixed(2).padStart(9)}${note}\n`,
      );
    }
    process.stdout.write(
      `\nBudget: every Home call at least ${MIN_SHARE_OF_BARE}× the bare route's req/s and p99 under ${MAX_P99_MS} ms: ${failed ? 'MISSED' : 'met'}\n`,
    );
    return failed ? 1 : 0;
  } finally {
    await stop(bare);
    await stop(server);
    await database.drop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench:api failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
