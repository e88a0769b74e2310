import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER, REQUEST_ID_PATTERN } from '@hiram/contract/api/routes';
import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { LogLevel } from '../../config.ts';

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

/** Every log line of a request carries its id under this name, as error envelopes do. */
export const REQUEST_ID_LOG_LABEL = 'requestId';

export function loggerOptions(
  level: LogLevel,
  destination?: DestinationStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
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
