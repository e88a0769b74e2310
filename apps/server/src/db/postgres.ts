import { createHash } from 'node:crypto';
import pg from 'pg';
import { assertOutsideTransaction, type Database, inTransactionScope, type Queryable } from './database.ts';
import { withoutValues } from './query-error.ts';

type Client = Pick<pg.PoolClient, 'query'>;

const INT8_OID = 20;
const INT8_ARRAY_OID = 1016;

/** bigint columns (centavos, counts) come back as numbers, as PGlite returns them, instead of strings. */
const builtInParser = pg.types.getTypeParser as (oid: number, format: string) => (value: string) => unknown;
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID) return (value: string) => Number(value);
    if (oid === INT8_ARRAY_OID) {
      const parseArray = builtInParser(INT8_ARRAY_OID, 'text') as (value: string) => string[];
      return (value: string) => parseArray(value).map(Number);
    }
    return builtInParser(oid, format ?? 'text');
  },
} as pg.CustomTypesConfig;

/**
 * Every query runs as a named prepared statement: each pooled connection parses and plans a statement once
 * and then only binds and executes it, which roughly halves what a short query costs the database. The SQL
 * texts are the code's own (values are always parameters), so there are only so many.
 */
const statementNames = new Map<string, string>();

function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `hiram_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    statementNames.set(sql, name);
  }
  return name;
}

function handleOf(client: Client): Queryable {
  return {
    async query<T extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await withoutValues(() =>
        client.query<T>({ name: statementName(sql), text: sql, values: params as unknown[] }),
      );
      return result.rows;
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which runs several statements.
      await withoutValues(() => client.query(sql));
    },
  };
}

/** Connections per server process. */
export const POOL_SIZE = 20;

/** PostgreSQL through a pg pool: any number of server processes may share it. */
export function openPostgres(connectionString: string, options: { max?: number } = {}): Database {
  // JIT compilation off: it pays back on long analytics, but a request's query is over in milliseconds and
  // compiling one costs up to seconds (the portfolio report at seeded size spent more time compiling its
  // first-payment query than running it; ADR 0036).
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? POOL_SIZE,
    types,
    options: '-c jit=off',
  });
  // An idle client losing its connection (a server restart) must not crash the process.
  pool.on('error', () => {});
  const outer = handleOf(pool);
  let closed = false;
  return {
    kind: 'postgres',
    query(sql, params) {
      assertOutsideTransaction();
      return outer.query(sql, params);
    },
    exec(sql) {
      assertOutsideTransaction();
      return outer.exec(sql);
    },
    async transaction(fn) {
      assertOutsideTransaction();
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await inTransactionScope(() => fn(handleOf(client)));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          broken = rollbackError as Error;
        }
        throw error;
      } finally {
        // A client whose rollback failed is in an unknown state: destroy it rather than reuse it.
        client.release(broken);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
