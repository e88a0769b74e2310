// `npm run bench:ops`: how fast the back office answers at scale, a measurement to run by hand against a
// database `npm run seed:scale` filled (not a test: the figures depend on the machine). Starts the real
// server on DATABASE_URL, makes a bench admin (create-admin, set-up, TOTP sign-in, as a person would) and
// calls every GET endpoint of the ops contract (OPS_ENDPOINTS, so endpoints added later are measured too)
// ROUNDS times after one warm-up, printing p50, p95 and max per call and flagging any over 1 s.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/hiram_scale npm run bench:ops
//   BENCH_ROUNDS=20 npm run bench:ops        # more rounds, steadier figures
//   BENCH_ONLY=opsCollectionsReport,opsCaseBoard,opsMyCases npm run bench:ops   # only these calls
//
// An endpoint with required parameters gets them from SAMPLES (named variants: a name search, a mobile
// search...) or, when it has none, from SAMPLE_VALUES by parameter name (userId, orderId...), read from the
// seeded database. One it cannot fill is listed as not measured, so a new endpoint is never silently left out.
import type { ChildProcess } from 'node:child_process';
import {
  OPS_API_PREFIX,
  OPS_ENDPOINTS,
  OPS_SESSION_COOKIE,
  type OpsEndpointName,
} from '@hiram/contract/ops/staff';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/postgres.ts';
import { systemClock } from '../apps/server/src/domain/clock.ts';
import { runOpsCommand } from '../apps/server/src/ops-cli.ts';
import { totpCode } from '../apps/server/src/services/staff/totp.ts';
import { freePort, start, stop } from './bench-support.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const SLOW_MS = 1000;
const url = process.env.DATABASE_URL?.trim();
/** Endpoint names to measure alone, comma-separated; none: every GET endpoint. */
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);

type Params = Record<string, string>;

/** The book's size, and values for parameters by name, read from the seeded database. */
async function readBook(databaseUrl: string): Promise<{ size: string; values: Params }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const one = async (sql: string) =>
      String(Object.values((await client.query(sql)).rows[0] ?? {})[0] ?? '');
    const count = (table: string) => one(`select count(*) from ${table}`);
    const cases = await count('collection_cases');
    const size = `${await count('users')} borrowers, ${await count('loan_orders')} loans, ${await count('ledger_entries')} ledger entries, ${await count('audit_log')} audit rows`;
    const values = {
      userId: await one('select user_id from loan_orders where status = 3 order by seq desc limit 1'),
      orderId: await one('select order_id from loan_orders where status = 3 order by seq desc limit 1'),
      staffId: await one('select staff_id from staff order by created_at limit 1'),
      differenceId: await one(
        `select difference_id from reconciliation_differences where status = 'open' limit 1`,
      ),
      mobile: await one('select mobile from users order by created_at desc limit 1'),
      packageName: await one('select package_name from brands order by package_name limit 1'),
      productId: await one('select product_id from loan_products order by product_id limit 1'),
      signedOrderId: await one(
        'select order_id from agreement_signatures where signed_document is not null limit 1',
      ),
      // The busiest agent's first case: a case page at scale.
      caseId: await one(
        `select case_id from collection_cases where status <> 'closed' order by opened_at limit 1`,
      ),
      referredOrderId: await one(
        `select order_id from order_assessments where outcome = 'refer' and reviewed_at is null
          order by assessed_at limit 1`,
      ),
    };
    return { size, values: { ...values, cases } };
  } finally {
    await client.end();
  }
}

/**
 * The agent's day list is the signed-in member's own cases: the bench admin takes over the cases of the seeded
 * agent with the most open ones (seed:scale spreads every overdue loan's case over 40 agents), so opsMyCases
 * reads a real agent's day. Written straight to the database: the bench measures reads, not assignment.
 */
async function takeAnAgentsCases(databaseUrl: string, email: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const taken = await client.query(
      `update collection_cases set assigned_to = (select staff_id from staff where email = $1)
       where status <> 'closed' and assigned_to = (
         select assigned_to from collection_cases where status <> 'closed' and assigned_to is not null
         group by 1 order by count(*) desc limit 1)`,
      [email],
    );
    return taken.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/** Calls the seeded book cannot feed, and why their cost does not grow with it. */
const NOT_AT_SCALE: Partial<Record<OpsEndpointName, string>> = {
  opsLoanDocument: 'the seed signs no agreements; a PDF is one row by order id, drawn alike at any size',
  opsProofImage: 'the seed stores no proof images; an image is one row by its id, alike at any size',
  // The breach register and the calendar (ADR 0087).
  opsBreachView: 'the seed records no breach; a breach is one row and its first 50 borrowers by key',
  opsCompliancePack:
    "the seed stores no duty; a pack's figures are the portfolio report's (opsPortfolioReport)",
};

/** A report's range: the last `days` days up to today (UTC dates; the seed's book runs up to now). */
function lastDays(days: number): Params {
  const to = new Date();
  const from = new Date(to.getTime() - (days - 1) * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

/** Yesterday alone: the seed puts today's second loans all on today, more lines than an export takes. */
function yesterday(): Params {
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  return { from: day, to: day };
}

/** Named variants of the calls whose cost depends on what is asked (a broad search, a deep page...). */
function samplesFor(values: Params): Partial<Record<OpsEndpointName, Record<string, Params>>> {
  return {
    opsBorrowerSearch: {
      'by name (many hits)': { q: 'Santos' },
      'by mobile digits': { q: (values.mobile ?? '').slice(-7) },
      'by order number': { q: values.orderId ?? '' },
      'by name, page 50': { q: 'Reyes', page: '50' },
    },
    opsAuditList: {
      newest: {},
      'by action': { action: 'borrower.reveal' },
      'by target': { target: `borrower:${values.userId}` },
      'by actor': { actorId: values.staffId ?? '' },
    },
    opsAuditExport: { 'by action (10,000 rows)': { action: 'staff.sign-in' } },
    opsReconciliationDifferences: {
      newest: {},
      open: { status: 'open' },
      'amount mismatches, page 20': { kind: 'amount_mismatch', status: 'resolved', page: '20' },
    },
    opsReconciliationRuns: { newest: {}, 'page 30': { page: '30' } },
    opsReferredView: { 'the oldest waiting': { orderId: values.referredOrderId ?? '' } },
    opsPortfolioReport: { 'last 30 days': lastDays(30), 'a year': lastDays(366) },
    opsCollectionsReport: { 'last 30 days': lastDays(30), 'a year': lastDays(366) },
    opsCaseBoard: { 'every brand': {} },
    opsCaseList: { 'open, first page': {}, '90+, page 20': { bucket: '90+', page: '20' } },
    opsBreachAnnualReport: {
      'last year': { year: String(new Date().getFullYear() - 1), brand: values.packageName ?? '' },
    },
    opsComplianceCalendar: { 'this month': { brand: values.packageName ?? '' } },
    opsReportExport: {
      'loans, 30 days': { ...lastDays(30), kind: 'loans' },
      'payments, 30 days': { ...lastDays(30), kind: 'payments' },
      'journals, yesterday': { ...yesterday(), kind: 'journals' },
    },
    ...(values.signedOrderId
      ? { opsLoanDocument: { agreement: { orderId: values.signedOrderId, document: 'agreement' } } }
      : {}),
  };
}

/** Parameters for an endpoint with no named variant: its required fields, by name, from `values`. */
function guessed(name: OpsEndpointName, values: Params): Params | null {
  const schema = OPS_ENDPOINTS[name].request;
  const empty = schema.safeParse({});
  if (empty.success) return {};
  const params: Params = {};
  for (const issue of empty.error.issues) {
    const key = String(issue.path[0] ?? '');
    const value = values[key];
    if (!value) return null;
    params[key] = value;
  }
  return schema.safeParse(params).success ? params : null;
}

/** The real server on the seeded database, once its health check answers. */
function startServer(databaseUrl: string, port: number): Promise<ChildProcess> {
  const env = {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
  };
  return start(['apps/server/src/main.ts'], env, `http://127.0.0.1:${port}/healthz`);
}

async function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${OPS_API_PREFIX}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { code: number; data: Record<string, unknown> };
  if (json.code !== 0) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return { json, response };
}

/** An admin made with create-admin, set up through the link and signed in: the session cookie. */
async function signedInAdmin(databaseUrl: string, base: string): Promise<{ cookie: string; email: string }> {
  const db = openPostgres(databaseUrl, { max: 1 });
  const email = `bench.${Date.now()}@lender.example`;
  let output: string;
  try {
    ({ output } = await runOpsCommand(['create-admin', '--email', email], {
      db,
      clock: systemClock,
      publicUrl: base,
    }));
  } finally {
    await db.close();
  }
  const token = decodeURIComponent(/#\/setup\?token=([^\s&]+)/.exec(output)?.[1] ?? '');
  const password = 'bench password long enough';
  const setUp = await post(base, '/setup', { token, password });
  const secret = new URL(String(setUp.json.data.otpauthUri)).searchParams.get('secret') ?? '';
  await post(base, '/setup/confirm', { token, code: totpCode(secret, new Date()) });
  // The confirming code's step is spent: sign in with the next one (±1 step is accepted).
  const signIn = await post(base, '/sign-in', {
    email,
    password,
    code: totpCode(secret, new Date(Date.now() + 30_000)),
  });
  const cookie = signIn.response.headers.get('set-cookie') ?? '';
  if (!cookie.startsWith(`${OPS_SESSION_COOKIE}=`)) throw new Error('No session cookie after sign-in');
  return { cookie: cookie.split(';')[0] as string, email };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function timeCall(base: string, path: string, params: Params, cookie: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}${OPS_API_PREFIX}${path}?${new URLSearchParams(params)}`, {
    headers: { cookie },
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return performance.now() - started;
}

async function main(): Promise<void> {
  if (!url) throw new Error('Set DATABASE_URL to a database filled by npm run seed:scale.');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(url, port);
  try {
    const { cookie, email } = await signedInAdmin(url, base);
    const { size, values } = await readBook(url);
    const agentsDay = await takeAnAgentsCases(url, email);
    const samples = samplesFor(values);
    console.log(
      `Database: ${size}, ${values.cases} collection cases (the agent's list: ${agentsDay}). ${ROUNDS} rounds after a warm-up.\n`,
    );
    console.log(`${'call'.padEnd(62)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)}`);
    const notMeasured: string[] = [];
    const slow: string[] = [];
    for (const name of Object.keys(OPS_ENDPOINTS) as OpsEndpointName[]) {
      const endpoint = OPS_ENDPOINTS[name];
      if (endpoint.method !== 'GET' || endpoint.roles === null) continue;
      if (ONLY.length > 0 && !ONLY.includes(name)) continue;
      const fallback = guessed(name, values);
      const variants = samples[name] ?? (fallback ? { default: fallback } : null);
      if (!variants) {
        if (NOT_AT_SCALE[name]) console.log(`${name.padEnd(62)} not measured: ${NOT_AT_SCALE[name]}`);
        else notMeasured.push(name);
        continue;
      }
      for (const [variant, params] of Object.entries(variants)) {
        await timeCall(base, endpoint.path, params, cookie);
        const times: number[] = [];
        for (let round = 0; round < ROUNDS; round++)
          times.push(await timeCall(base, endpoint.path, params, cookie));
        times.sort((a, b) => a - b);
        const label = `${name} (${variant})`;
        const max = times.at(-1) as number;
        if (max > SLOW_MS) slow.push(label);
        const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(7);
        console.log(
          `${label.padEnd(62)} ${ms(percentile(times, 50))} ${ms(percentile(times, 95))} ${ms(max)}${max > SLOW_MS ? '  OVER 1 s' : ''}`,
        );
      }
    }
    if (notMeasured.length > 0)
      console.log(
        `\nNot measured (add sample parameters in scripts/bench-ops.ts): ${notMeasured.join(', ')}`,
      );
    console.log(slow.length > 0 ? `\nOver 1 s: ${slow.join(', ')}` : '\nEvery call answered under 1 s.');
    if (slow.length > 0 || notMeasured.length > 0) process.exitCode = 1;
  } finally {
    await stop(server);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
