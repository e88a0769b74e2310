import type { TestProject } from 'vitest/node';
import { migrate } from '../src/db/migrate.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { seed } from '../src/db/seed.ts';
import { createTestPostgresDatabase } from './database-target.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated and seeded PostgreSQL database: each test file's database is created as a copy of it. */
    postgresTemplate: string;
  }
}

/** The `server-postgres` project's template database, made once per run and dropped after it. */
export default async function setup(project: TestProject) {
  const template = await createTestPostgresDatabase();
  const db = openPostgres(template.url, { max: 1 });
  try {
    await migrate(db);
    await seed(db);
  } finally {
    // A database being copied must have no connections.
    await db.close();
  }
  project.provide('postgresTemplate', new URL(template.url).pathname.slice(1));
  return () => template.drop();
}
