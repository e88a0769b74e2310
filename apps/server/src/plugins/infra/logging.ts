import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER, REQUEST_ID_PATTERN } from '@hiram/contract/api/routes';
import { OPS_CSRF_HEADER } from '@hiram/contract/ops/staff';
import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { LogLevel } from '../../config.ts';
import { SIGNATURE_HEADER } from '../../domain/webhook-signature.ts';

/**
 * What the log may hold (docs/operations.md): no personal data at any level. Database errors leave the
 * database layer without their values (db/query-error.ts); these paths are the second line, for any error
 * or object that still carries a driver's fields or a credential header.
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'err.params',
  'err.queryOptions',
  'err.detail',
  'err.where',
  'err.internalQuery',
  '*.params',
  '*.detail',
];

/**
 * Headers that carry a credential. A plugin may log a request's headers under any key (multipart logs
 * `busboyOptions.headers` at trace), so they are found by name at any depth, not by fixed paths.
 */
const CREDENTIAL_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  OPS_CSRF_HEADER,
  SIGNATURE_HEADER,
]);
const REDACTED = '[redacted]';
/** Deeper than any header object a plugin logs; a bound on the walk of an odd object. */
const MAX_DEPTH = 6;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The log line's object with every credential header's value replaced, copied only along the paths that
 * held one (most lines hold none and are passed through as they are). Only plain objects and arrays are
 * walked: requests, replies and errors have their own serializers and redact paths.
 */
export function withoutCredentials<T>(value: T, depth = 0): T {
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item, index) => {
      const cleaned = withoutCredentials(item, depth + 1);
      if (cleaned !== item) {
        copy ??= [...value];
        copy[index] = cleaned;
      }
    });
    return (copy ?? value) as T;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [key, item] of Object.entries(value)) {
    const cleaned = CREDENTIAL_HEADERS.has(key.toLowerCase())
      ? item === undefined
        ? item
        : REDACTED
      : withoutCredentials(item, depth + 1);
    if (cleaned !== item) {
      copy ??= { ...value };
      copy[key] = cleaned;
    }
  }
  return (copy ?? value) as T;
}

/** Every log line of a request carries its id under this name, as error envelopes do. */
export const REQUEST_ID_LOG_LABEL = 'requestId';

export function loggerOptions(
  level: LogLevel,
  destination?: DestinationStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: LOG_REDACT_PATHS, censor: REDACTED },
    formatters: { log: (object) => withoutCredentials(object) },
    ...(destination ? { stream: destination } : {}),
  };
}

/**
 * The request's id: the caller's `x-request-id` when it is well formed (a proxy's id ties its log to ours),
 * else a fresh UUID. Anything longer or with other characters could forge or flood log lines.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}
