import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { seed } from '../src/db/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated and seeded PGlite: each test file starts from it instead of running initdb. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'hiram-template-'));
  const db = await openPglite({ dataDir: null });
  await migrate(db);
  await seed(db);
  const dump = await db.pglite.dumpDataDir('none');
  await db.close();
  const path = join(dir, 'template.tar');
  await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', path);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
