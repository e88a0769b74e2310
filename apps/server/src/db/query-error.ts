/**
 * A failed query as the rest of the server sees it: which rule broke and where, never the values. The
 * drivers' own errors carry the borrower's data: PGlite adds the query's parameters (`params`), PostgreSQL's
 * `detail` repeats the failing row ("Failing row contains (…)", "Key (email)=(…) already exists") and a data
 * error's message quotes the bad value (`invalid input syntax for type uuid: "…"`). A logger copies every
 * field of an error, so those errors must not leave the database layer (docs/operations.md).
 */
export class DatabaseQueryError extends Error {
  override readonly name = 'DatabaseQueryError';
  /** SQLSTATE (`23505` unique violation...), or the driver's code (`ECONNREFUSED`). */
  readonly code: string | undefined;
  readonly severity: string | undefined;
  readonly table: string | undefined;
  readonly column: string | undefined;
  readonly constraint: string | undefined;
  readonly dataType: string | undefined;
  readonly routine: string | undefined;

  constructor(driverError: unknown) {
    super(messageWithoutValues(driverError));
    const fields = (driverError ?? {}) as Record<string, unknown>;
    const text = (key: string) => (typeof fields[key] === 'string' ? (fields[key] as string) : undefined);
    this.code = text('code');
    this.severity = text('severity');
    this.table = text('table');
    this.column = text('column');
    this.constraint = text('constraint');
    this.dataType = text('dataType');
    this.routine = text('routine');
  }
}

/** PostgreSQL quotes a value it cannot take after a colon: `…for type date: "1990-13-45"`. */
const QUOTED_VALUE = /: ".*$/s;

function messageWithoutValues(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(QUOTED_VALUE, ': (value withheld)');
}

/** Runs a driver call, turning its error into a DatabaseQueryError. */
export async function withoutValues<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new DatabaseQueryError(error);
  }
}
