import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { serverTestProjects } from './apps/server/test/database-target.ts';

/**
 * The files that take minutes, slowest first. They start first, so they run beside the rest instead of ending
 * the run alone: a clean checkout has no timings cached, and Vitest would otherwise order files by size,
 * leaving the small OpenAPI fuzz (two and a half minutes on PostgreSQL) for near the end (ADR 0067).
 */
const LONG_FILES = [
  'test/routes/openapi-fuzz.test.ts',
  'e2e/failed-payout.test.ts',
  'e2e/home-knows-the-borrower.test.ts',
  'e2e/ops-loans.test.ts',
  'e2e/coupon.test.ts',
  'e2e/cic-capture.test.ts',
  'e2e/application-flow.test.ts',
];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONG_FILES.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? LONG_FILES.length : index;
    };
    // A stable sort: the other files keep Vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * One `vitest run` runs every suite. The server suites run on the embedded database and, when a PostgreSQL
 * server answers (DATABASE_URL, or a local server on 127.0.0.1:5432), a second time on PostgreSQL.
 */
export default defineConfig(async () => ({
  test: {
    projects: ['packages/contract', ...(await serverTestProjects()), 'apps/web', 'apps/ops', 'e2e'],
    // Every project's files share one pool, journeys beside the server suites: a journey mostly waits on
    // Chromium, its server and the sandboxes, so three files at a time pay even on two cores
    // (docs/decisions/0023-test-suite-run-time.md). Vitest's own default would be one worker there.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    sequence: { sequencer: LongFilesFirst },
  },
}));
