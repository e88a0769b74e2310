import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { openDatabase } from '../../apps/server/src/db/open-database.ts';
import { seed } from '../../apps/server/src/db/seed.ts';

/**
 * An embedded database whose default brand lets these pages frame the app, set the way a lender configures
 * a brand: on its row (brands.parent_origins). The server reads brands at start, so it is made before.
 */
export async function dataDirWithParents(parentOrigins: readonly string[]): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hiram-e2e-'));
  const db = await openDatabase({ databaseUrl: null, dataDir });
  try {
    await migrate(db);
    await seed(db);
    await db.query('update brands set parent_origins = $1 where package_name = $2', [
      `{${parentOrigins.join(',')}}`,
      DEFAULT_PACKAGE_NAME,
    ]);
  } finally {
    await db.close();
  }
  return dataDir;
}
