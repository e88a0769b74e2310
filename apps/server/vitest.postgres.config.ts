import { defineProject } from 'vitest/config';
import { installedProductionNode } from '../../scripts/production-node.mjs';
import { forksOnNode } from './test/forks-on-node.ts';
import { DATABASE_SUITES, PROCESS_SUITES, sharedTestOptions } from './vitest.shared.ts';

// The production setup, PostgreSQL, on the Node.js line the image runs (ADR 0060) once it is installed
// (`npm test` installs it: scripts/production-node.mjs); until then on this machine's Node.
const productionNode = installedProductionNode();

/**
 * The `server-postgres` project: the route suites again on PostgreSQL, each test file on a database of
 * its own (CREATE DATABASE hiram_test_<random> on DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres,
 * dropped afterwards) copied from a migrated, seeded template (test/postgres-global-setup.ts), and the suites
 * that run several server processes on one database. Listed by serverTestProjects() only when that server answers.
 * Its test files run on the production Node.js line; the `server` project's on the machine's own.
 */
export default defineProject({
  test: {
    ...sharedTestOptions,
    name: 'server-postgres',
    include: [...DATABASE_SUITES, ...PROCESS_SUITES],
    env: { HIRAM_TEST_DATABASE: 'postgres' },
    globalSetup: ['test/postgres-global-setup.ts'],
    ...(productionNode ? { pool: forksOnNode(productionNode) } : {}),
  },
});
