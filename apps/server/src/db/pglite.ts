import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { assertOutsideTransaction, type Database, inTransactionScope, type Queryable } from './database.ts';
import { withoutValues } from './query-error.ts';

export interface PgliteOptions {
  /** A directory for a database on disk; null keeps it in memory (tests). */
  dataDir: string | null;
  /** A dump (`dumpDataDir`) to start from instead of an empty cluster: tests skip initdb this way. */
  loadDataDir?: Blob;
  /** Called after PGlite is closed (releases the data directory's lock). */
  onClose?: () => void;
}

function handleOf(target: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<T extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await withoutValues(() => target.query<T>(sql, params as unknown[]));
      return result.rows;
    },
    async exec(sql: string) {
      await withoutValues(() => target.exec(sql));
    },
  };
}

/**
 * PostgreSQL's own buffer cache inside the WebAssembly memory. initdb writes 128MB into postgresql.conf,
 * which made it most of the idle server's memory; the data files are still cached by the operating system
 * (ADR 0022).
 */
export const PGLITE_SHARED_BUFFERS = '16MB';
const START_PARAMS = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

/**
 * Creates the cluster of a new data directory in a short-lived process of its own. initdb runs a second
 * PostgreSQL beside the first, and a process that ran it keeps about 450 MB more for good (ADR 0022).
 */
async function initdbInChildProcess(dataDir: string): Promise<void> {
  const pgliteUrl = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const script = `const { PGlite } = await import(${JSON.stringify(pgliteUrl)});
    const db = await PGlite.create({ dataDir: process.argv[1] });
    await db.close();`;
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, dataDir]);
}

/** The embedded database: PostgreSQL compiled to WebAssembly, owned by this one process. */
export async function openPglite(options: PgliteOptions): Promise<Database & { pglite: PGlite }> {
  if (options.dataDir && !existsSync(join(options.dataDir, 'PG_VERSION'))) {
    await initdbInChildProcess(options.dataDir);
  }
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams: START_PARAMS,
    // Borrower search's trigram indexes (migration 0023); PostgreSQL ships the same extension.
    extensions: { pg_trgm },
  });
  const outer = handleOf(pglite);
  let closed = false;
  return {
    kind: 'embedded',
    pglite,
    query(sql, params) {
      assertOutsideTransaction();
      return outer.query(sql, params);
    },
    exec(sql) {
      assertOutsideTransaction();
      return outer.exec(sql);
    },
    transaction(fn) {
      assertOutsideTransaction();
      return pglite.transaction((tx) => inTransactionScope(() => fn(handleOf(tx))));
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await pglite.close();
      } finally {
        options.onClose?.();
      }
    },
  };
}
