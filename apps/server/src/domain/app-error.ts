import type { ErrorKey } from '@hiram/contract/errors';
import type { Localized } from '@hiram/contract/languages';
import type { FieldProblem } from './field-problems.ts';

/**
 * An answer from the error catalogue: the error handler turns it into the envelope, with the catalogue's
 * HTTP status and the message in the request's language.
 */
export interface AppErrorOptions {
  data?: unknown;
  /** Placeholders of the catalogue message, e.g. `{ seconds: 42 }`. */
  values?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** For VALIDATION_FAILED: the fields at fault, localized by the error handler. */
  fields?: FieldProblem[];
  /** Said instead of the catalogue's message, when the spec words this case itself. */
  message?: Localized;
  /** For operations: logged with the refusal at warn level, never sent to the client. */
  log?: Record<string, unknown>;
}

export class AppError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly options: AppErrorOptions = {},
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export function tooManyRequests(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError('TOO_MANY_REQUESTS', {
    data: { retryAfterSeconds: seconds },
    values: { seconds },
    headers: { 'retry-after': String(seconds) },
  });
}

export function invalidField(field: string, message: FieldProblem['message']): AppError {
  return new AppError('VALIDATION_FAILED', { fields: [{ field, message }] });
}
