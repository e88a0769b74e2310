import { join } from 'node:path';
import type { Config } from '../config.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import type { Database } from './database.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** PostgreSQL when DATABASE_URL is set, else the embedded database in DATA_DIR/pglite under a lock file. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const lock = acquireDataDirLock(config.dataDir);
  try {
    return await openPglite({ dataDir: join(config.dataDir, 'pglite'), onClose: lock.release });
  } catch (error) {
    lock.release();
    throw error;
  }
}
