import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The one small interface the server talks to a database through, the same for the embedded PGlite and
 * for PostgreSQL. SQL is PostgreSQL's; parameters are `$1`, `$2`...
 */
export type Row = Record<string, unknown>;

export interface Queryable {
  /** One statement with parameters; its rows. */
  query<T extends object = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export type DatabaseKind = 'embedded' | 'postgres';

export interface Database extends Queryable {
  readonly kind: DatabaseKind;
  /**
   * Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. Inside, use only
   * the `tx` handle it receives: the outer handle throws there (on PGlite it would wait for ever).
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const transactionScope = new AsyncLocalStorage<true>();

/** Called by every outer query: PGlite is one session, so a query outside `tx` inside a transaction deadlocks. */
export function assertOutsideTransaction(): void {
  if (transactionScope.getStore()) {
    throw new Error(
      'A query used the outer database handle inside a transaction: use the transaction handle',
    );
  }
}

export function inTransactionScope<T>(fn: () => Promise<T>): Promise<T> {
  return transactionScope.run(true, fn);
}
