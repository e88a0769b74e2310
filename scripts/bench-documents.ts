// `npm run bench:documents`: how the server answers while it renders PDFs (ADR 0062), a measurement to run
// by hand (not a test: the figures depend on the machine and on what else runs on it). Starts the server on
// a fresh embedded database, takes four borrowers through to a loan in repayment over the API, then has
// them ask for eight statements of account at once (two each, their allowance), twice: with the renders on
// the event loop, as before ADR 0062, and in the worker threads. Meanwhile a separate process asks /healthz
// every 20 ms (its timing is not held up by the server's loop); the server's own event-loop delay is
// recorded too. Prints /healthz p50 and max, the longest event-loop delay and the time the eight took.
//
//   npm run bench:documents
//   BENCH_DOCUMENTS=16 npm run bench:documents     # more at once (each borrower asks for two)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { API, API_PREFIX, HEADERS, HEALTH_PATH } from '@hiram/contract/api/routes';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { DEMO_PRODUCT } from '../apps/server/src/db/seed.ts';
import { type DocumentJob, renderDocument } from '../apps/server/src/documents/document-jobs.ts';
import type { DocumentsDeps } from '../apps/server/src/documents/documents.ts';
import type { RenderPool } from '../apps/server/src/documents/render-pool.ts';
import { ApiBorrower } from '../e2e/support/api-borrower.ts';
import { newMobile } from '../e2e/support/sms.ts';
import { freePort } from './bench-support.ts';

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 8);
const BORROWERS = Math.ceil(DOCUMENTS / 2);

/** Asks /healthz every 20 ms from its own process until told to stop, then prints the times. */
const PROBE = `
const times = [];
let stopped = false;
process.stdin.on('data', () => { stopped = true; });
(async () => {
  while (!stopped) {
    const began = performance.now();
    await fetch(process.argv[1]).then((r) => r.arrayBuffer());
    times.push(performance.now() - began);
    await new Promise((r) => setTimeout(r, 20));
  }
  process.stdout.write(JSON.stringify(times));
  process.exit(0);
})();`;

function probeHealth(url: string): { stop: () => Promise<number[]> } {
  const child = spawn(process.execPath, ['-e', PROBE, url], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  return {
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve(JSON.parse(output || '[]') as number[]));
        child.stdin.end('stop\n');
      }),
  };
}

/** The renders on the event loop, as before ADR 0062: the same jobs, in this thread. */
const onTheEventLoop = {
  async run(job: DocumentJob) {
    const began = performance.now();
    const pdf = await renderDocument(job);
    return { pdf, ms: performance.now() - began };
  },
  expectedWaitMs: () => 1000,
  close: async () => undefined,
} as unknown as RenderPool;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const dataDir = mkdtempSync(join(tmpdir(), 'hiram-bench-documents-'));
const port = await freePort();
const baseURL = `http://127.0.0.1:${port}`;
const app = await buildApp({
  config: loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ASSESSMENT_DELAY_SECONDS: '0',
  }),
});
try {
  await app.listen({ port, host: '127.0.0.1' });
  console.log(`Taking ${BORROWERS} borrowers to a loan in repayment...`);
  const borrowers = await Promise.all(
    Array.from({ length: BORROWERS }, async () => {
      const borrower = new ApiBorrower(baseURL, newMobile());
      await borrower.register('Bench2026!');
      const orderId = await borrower.takeLoanToRepayment(
        DEMO_PRODUCT.minAmount,
        DEMO_PRODUCT.tenureDays[0] as number,
      );
      return { token: borrower.sessionToken, orderId };
    }),
  );
  // The agreements rendered at signing are done before anything is measured.
  await app.documents.settled();
  const statement = (borrower: { token: string; orderId: string }) =>
    fetch(
      `${baseURL}${API_PREFIX}${API.statementOfAccount.path}?orderId=${borrower.orderId}&t=${Date.now()}`,
      {
        headers: {
          [HEADERS.packageName]: DEFAULT_PACKAGE_NAME,
          [HEADERS.authorization]: `Bearer ${borrower.token}`,
        },
      },
    ).then(async (response) => ({
      status: response.status,
      bytes: (await response.arrayBuffer()).byteLength,
    }));

  const deps = (app.documents as unknown as { deps: DocumentsDeps }).deps;
  const threads = deps.pool;
  const rows: string[][] = [
    ['renders', '/healthz p50', '/healthz max', 'event-loop delay max', `${DOCUMENTS} PDFs took`],
  ];
  for (const [name, pool] of [
    ['on the event loop', onTheEventLoop],
    ['in worker threads', threads],
  ] as const) {
    deps.pool = pool;
    // Warm: the fonts read, the thread started, before anything is measured.
    await statement(borrowers[0] as (typeof borrowers)[0]);
    const probe = probeHealth(`${baseURL}${HEALTH_PATH}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const began = performance.now();
    const answers = await Promise.all(
      borrowers.flatMap((borrower) => [statement(borrower), statement(borrower)]),
    );
    const took = performance.now() - began;
    delay.disable();
    const health = (await probe.stop()).sort((a, b) => a - b);
    const refused = answers.filter((answer) => answer.status !== 200);
    if (refused.length > 0)
      console.warn(`${name}: ${refused.length} answered ${refused.map((a) => a.status)}`);
    rows.push([
      name,
      `${percentile(health, 50).toFixed(1)} ms`,
      `${Math.round(Math.max(...health))} ms`,
      `${Math.round(delay.max / 1e6)} ms`,
      `${(took / 1000).toFixed(1)} s`,
    ]);
  }
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] as string).length))) ?? [];
  for (const r of rows) console.log(r.map((cell, i) => cell.padEnd(widths[i] as number)).join('  '));
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
