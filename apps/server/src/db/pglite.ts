import { PGlite } from '@electric-sql/pglite';
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

/** The embedded database: PostgreSQL compiled to WebAssembly, owned by this one process. */
export async function openPglite(options: PgliteOptions): Promise<Database & { pglite: PGlite }> {
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
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
