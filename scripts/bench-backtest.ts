// `npm run bench:backtest`: how long a backtest takes over 100,000 past applications (ADR 0072), a measurement
// to run by hand (the figure depends on the machine and on what else runs on it). Migrates a fresh embedded
// database (or DATABASE_URL's, which should be empty), seeds 100,000 past applications with their automated
// decisions, loans and overdue events, then runs one backtest as the job runner would: a draft stricter on
// age than version 1, both replayed batch by batch by one compiled engine each, progress written per batch.
// Prints the seeding time, the run's time, applications per second and the figures.
//
//   npm run bench:backtest
//   BENCH_BACKTEST=20000 npm run bench:backtest     # fewer applications
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { ASSESSMENT_V1, type CreditPolicyDocument } from '@hiram/contract/credit-policy';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { openPglite } from '../apps/server/src/db/pglite.ts';
import { openPostgres } from '../apps/server/src/db/postgres.ts';
import { seed } from '../apps/server/src/db/seed.ts';
import { systemClock } from '../apps/server/src/domain/clock.ts';
import { Jobs } from '../apps/server/src/plugins/infra/jobs.ts';
import { Backtests } from '../apps/server/src/services/risk/backtest.ts';
import { versionInForce } from '../apps/server/src/services/risk/policy-console.ts';
import { seedPastDecisions } from '../apps/server/test/past-decisions-fixtures.ts';

const COUNT = Number(process.env.BENCH_BACKTEST ?? 100_000);
const url = process.env.DATABASE_URL?.trim();
const dir = url ? null : mkdtempSync(join(tmpdir(), 'hiram-bench-backtest-'));
const db: Database = url ? openPostgres(url) : await openPglite({ dataDir: join(dir as string, 'pglite') });
const quiet = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;

try {
  await migrate(db);
  await seed(db);
  const until = new Date();
  let began = performance.now();
  await seedPastDecisions(db, {
    count: COUNT,
    packageName: DEFAULT_PACKAGE_NAME,
    until,
    days: 365,
    salt: `bench-${Date.now()}`,
    chunk: 5_000,
  });
  const seededMs = performance.now() - began;
  const live = await versionInForce(db, DEFAULT_PACKAGE_NAME, until);
  const draft: CreditPolicyDocument = {
    creditLine: live.document.creditLine,
    assessment: {
      ...ASSESSMENT_V1,
      rules: ASSESSMENT_V1.rules.map((rule) =>
        rule.reason === 'age'
          ? {
              ...rule,
              conditions: {
                any: [
                  { fact: 'ageKnown', operator: 'equal', value: false },
                  { fact: 'age', operator: 'lessThan', value: 21 },
                  { fact: 'age', operator: 'greaterThan', value: 55 },
                ],
              },
            }
          : rule,
      ),
    },
  };
  const backtests = new Backtests(db, systemClock, new Jobs(db, systemClock, quiet, { pollMs: 60_000 }));
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const run = await backtests.start(
    {
      packageName: DEFAULT_PACKAGE_NAME,
      from: day(new Date(until.getTime() - 367 * 86_400_000)),
      to: day(until),
      document: draft,
    },
    { staffId: null, email: 'bench@lender.example', brandScope: null },
  );
  began = performance.now();
  await backtests.run(run.runId);
  const ranMs = performance.now() - began;
  const done = await backtests.view(run.runId, null);
  if (done.status !== 'done') throw new Error(`The run ${done.status}: ${done.error}`);
  const applications = done.figures?.applications ?? 0;
  console.log(`database: ${url ? 'PostgreSQL' : 'embedded (PGlite)'}`);
  console.log(`seeded ${COUNT.toLocaleString('en')} past applications in ${(seededMs / 1000).toFixed(1)} s`);
  console.log(
    `backtest: ${applications.toLocaleString('en')} applications in ${(ranMs / 1000).toFixed(1)} s ` +
      `(${Math.round(applications / (ranMs / 1000)).toLocaleString('en')} a second; the run's own count ${done.durationMs} ms)`,
  );
  console.log(JSON.stringify(done.figures));
} finally {
  await db.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
