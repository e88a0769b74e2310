// `npm run bench:home`: Lighthouse 12 on Home (mobile, its default simulated throttling) on Debian's Chromium,
// for a new visitor, for a borrower signed in through the sandbox SMS outbox (with the app's code cached and
// without) and for one whose loan is in repayment (the application through the API); the median of three runs of
// the score, FCP, LCP, TBT and CLS, against the goal of issue 13. A benchmark to run by hand, not a test: the
// figures depend on the machine and on what else runs on it. Run after `npm run build -w @hiram/web`.
//
//   npm run bench:home                        # this checkout
//   BENCH_ROOT=../other npm run bench:home    # another checkout's build and server (a "before" figure)
//   BENCH_RUNS=5 npm run bench:home           # more runs per case
//   BENCH_HTTP2=1 npm run bench:home          # through TLS and HTTP/2, as behind the production proxy
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { API, API_PREFIX, DEV_SMS_OUTBOX_PATH, HEADERS } from '@hiram/contract/api/routes';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { HOME_KEY_PATTERN, SIGNED_IN_COOKIE } from '@hiram/contract/first-paint';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { ApiBorrower } from '../e2e/support/api-borrower.ts';
import { newMobile } from '../e2e/support/sms.ts';
import { startHttp2Proxy } from './bench-h2-proxy.ts';
import { freePort } from './bench-support.ts';
import { CHROMIUM_PATH } from './ensure-chromium.mjs';

const ROOT = resolve(process.env.BENCH_ROOT ?? join(import.meta.dirname, '..'));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GOAL = { score: 100, lcpMs: 1200, cls: 0 };
/** Where the web app keeps its items (apps/web/src/lib/storage.ts). */
const STORAGE_PREFIX = 'hiram.';

interface Figures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error(`No web build in ${ROOT}: run \`npm run build -w @hiram/web\` there first.`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'hiram-bench-home-'));
  // As the browser journeys run it: the embedded database, and the sandbox SMS outbox for the sign-in.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${output}`);
    const ready = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await sleep(200);
  }
  return {
    url,
    async stop() {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function call<T>(baseUrl: string, name: keyof typeof API, body: Record<string, string>): Promise<T> {
  const route = API[name];
  const response = await fetch(`${baseUrl}${API_PREFIX}${route.path}`, {
    method: route.method,
    headers: { 'content-type': 'application/json', [HEADERS.packageName]: DEFAULT_PACKAGE_NAME },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${name}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** A new borrower, registered with the code the sandbox SMS outbox shows, as a tester with the phone would. */
async function signUp(baseUrl: string): Promise<string> {
  const mobile = `0917${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  await call(baseUrl, 'getVerifyCode', { mobile, type: 'register' });
  const outbox = await fetch(`${baseUrl}${DEV_SMS_OUTBOX_PATH}?mobile=${mobile}`);
  const { data } = (await outbox.json()) as { data: { text: string }[] };
  const code = /\b(\d{6})\b/.exec(data[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`No code in the sandbox outbox for ${mobile}`);
  const { token } = await call<{ token: string }>(baseUrl, 'register', {
    mobile,
    code,
    password: 'bench-home-1',
  });
  return token;
}

/**
 * The device of a borrower signed in as `token`. The app keeps the session's Home key in a cookie once it
 * starts with the token (apps/web/src/lib/first-paint.ts): from then on the server draws her own Home.
 */
async function startSignedIn(page: Page, home: string, token: string): Promise<void> {
  await page.goto(home);
  await page.evaluate(
    (prefix, session) => {
      localStorage.clear();
      localStorage.setItem(`${prefix}token`, session);
      // A returning borrower has answered the permission disclosure already.
      localStorage.setItem(`${prefix}permissionDisclosure`, 'agreed');
    },
    STORAGE_PREFIX,
    token,
  );
  await page.reload({ waitUntil: 'networkidle0' });
  const cookie = () =>
    page.evaluate(
      (name) =>
        document.cookie
          .split('; ')
          .find((part) => part.startsWith(`${name}=`))
          ?.slice(name.length + 1),
      SIGNED_IN_COOKIE,
    );
  // A build from before Home keys (BENCH_ROOT) keeps "1": its server draws the card's frame.
  for (let tries = 0; tries < 50 && !HOME_KEY_PATTERN.test((await cookie()) ?? ''); tries++) await sleep(100);
  if (!HOME_KEY_PATTERN.test((await cookie()) ?? ''))
    console.log(`  (no Home key: the cookie holds ${await cookie()})`);
}

type Visit = 'new' | 'signed-in' | 'signed-in-cached';

async function measure(page: Page, port: number, url: string, visit: Visit): Promise<Figures> {
  const keepStorage = visit !== 'new';
  if (visit === 'signed-in') {
    // Lighthouse keeps the session only if it keeps storage; the cache it would also keep goes here: the
    // first visit after a release, when none of the app's code is cached.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  }
  const result = await lighthouse(
    url,
    { port, logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: keepStorage },
    undefined,
    page,
  );
  if (!result) throw new Error('Lighthouse gave no result');
  const { lhr } = result;
  // BENCH_REPORTS=dir keeps each run's Lighthouse report, to see what held a paint back.
  if (process.env.BENCH_REPORTS) {
    mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
    writeFileSync(join(process.env.BENCH_REPORTS, `home-${visit}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function report(label: string, runs: Figures[]): boolean {
  const m = {
    score: median(runs.map((r) => r.score)),
    fcpMs: median(runs.map((r) => r.fcpMs)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
  };
  const checks = [
    [`score ${m.score}`, m.score >= GOAL.score, `goal ${GOAL.score}`],
    [`LCP ${(m.lcpMs / 1000).toFixed(2)} s`, m.lcpMs <= GOAL.lcpMs, `goal <= ${GOAL.lcpMs / 1000} s`],
    [`CLS ${m.cls.toFixed(3)}`, m.cls <= GOAL.cls, `goal ${GOAL.cls}`],
  ] as const;
  console.log(`\n${label} (median of ${runs.length})`);
  for (const [text, ok, goal] of checks) console.log(`  ${ok ? 'ok  ' : 'MISS'} ${text.padEnd(16)} ${goal}`);
  console.log(`       FCP ${(m.fcpMs / 1000).toFixed(2)} s, TBT ${Math.round(m.tbtMs)} ms`);
  console.log(
    `       runs: ${runs.map((r) => `${r.score}/${(r.lcpMs / 1000).toFixed(2)}s/${r.cls.toFixed(3)}`).join(', ')}`,
  );
  return checks.every(([, ok]) => ok);
}

async function main(): Promise<void> {
  const server = await startServer();
  // BENCH_HTTP2=1: through a TLS and HTTP/2 front, as borrowers reach the server behind its proxy.
  const front = process.env.BENCH_HTTP2 ? await startHttp2Proxy(server.url) : null;
  if (front) console.log(`Through a TLS and HTTP/2 front (${front.url}), as behind the production proxy.`);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      // The front's certificate is made for the run.
      ...(front ? ['--ignore-certificate-errors'] : []),
    ],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  let met = true;
  try {
    const home = `${front?.url ?? server.url}/`;
    const page = await browser.newPage();

    const signedOut: Figures[] = [];
    for (let run = 0; run < RUNS; run++) signedOut.push(await measure(page, chrome.port, home, 'new'));
    met = report('Home, a new visitor', signedOut) && met;

    await startSignedIn(page, home, await signUp(server.url));
    const signedIn: Figures[] = [];
    for (let run = 0; run < RUNS; run++) signedIn.push(await measure(page, chrome.port, home, 'signed-in'));
    met = report("Home, a signed-in borrower, none of the app's code cached", signedIn) && met;

    // The usual return: the app's code (immutable files) is in the cache from the last visit.
    await page.goto(home, { waitUntil: 'networkidle0' });
    const cached: Figures[] = [];
    for (let run = 0; run < RUNS; run++)
      cached.push(await measure(page, chrome.port, home, 'signed-in-cached'));
    met = report("Home, a signed-in borrower returning, the app's code cached", cached) && met;

    // A borrower whose Home is her loan's card (due amount, timeline, Pay): the page carries every style.
    const repaying = new ApiBorrower(server.url, newMobile());
    await repaying.register('bench-home-2');
    await repaying.takeLoanToRepayment(100_000, 91);
    await startSignedIn(page, home, repaying.sessionToken);
    const withLoan: Figures[] = [];
    for (let run = 0; run < RUNS; run++) withLoan.push(await measure(page, chrome.port, home, 'signed-in'));
    met = report("Home, a borrower with a loan in repayment, none of the app's code cached", withLoan) && met;
  } finally {
    await browser.disconnect();
    chrome.kill();
    await front?.stop();
    await server.stop();
  }
  console.log(met ? '\nGoal met.' : '\nGoal not met (see MISS above).');
}

await main();
