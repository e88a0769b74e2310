import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { serverTestProjects } from './apps/server/test/database-target.ts';

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
  },
}));
