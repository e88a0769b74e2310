import { defineConfig } from 'vitest/config';
import { serverTestProjects } from './apps/server/test/database-target.ts';

/**
 * One `vitest run` runs every suite. The server suites run on the embedded database and, when a PostgreSQL
 * server answers (DATABASE_URL, or a local server on 127.0.0.1:5432), a second time on PostgreSQL.
 */
export default defineConfig(async () => ({
  test: { projects: ['packages/contract', ...(await serverTestProjects()), 'apps/web', 'e2e'] },
}));
