import { randomUUID } from 'node:crypto';
import { type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { REQUEST_ID_HEADER } from '@hiram/contract/api/routes';
import { ERRORS, type ErrorKey } from '@hiram/contract/errors';
import { DEFAULT_LANGUAGE, type Localized } from '@hiram/contract/languages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../domain/app-error.ts';
import { failure } from '../../domain/envelope.ts';
import { type FieldProblem, localizeProblems } from '../../domain/field-problems.ts';
import { ProviderUnavailableError } from '../../providers/outbound.ts';
import { REQUEST_ID_LOG_LABEL } from './logging.ts';
import { pathProblemOf } from './path-cipher.ts';
import { languageOf, pathOf } from './request-context.ts';
import { RequestValidationError } from './validation.ts';

/**
 * One error handler for the whole app (STYLE habit 6): every failure becomes the envelope with the
 * catalogue's HTTP status and a message in the request's language. Details of a 5xx go to the log only.
 */

/** What a client is told to wait after a provider failed: about the circuit breaker's cool-down. */
const PROVIDER_RETRY_AFTER_SECONDS = 30;

interface Classified {
  key: ErrorKey;
  data?: unknown;
  values?: Record<string, string | number>;
  headers?: Record<string, string>;
  fields?: FieldProblem[];
  message?: Localized;
}

function classify(error: FastifyError | Error): Classified {
  if (error instanceof AppError) return { key: error.key, ...error.options };
  if (error instanceof RequestValidationError) return { key: 'VALIDATION_FAILED', fields: error.problems };
  // A provider that is down: a clear answer at once, never a spinner (ADR 0044).
  if (error instanceof ProviderUnavailableError) {
    return { key: 'PROVIDER_UNAVAILABLE', headers: { 'retry-after': String(PROVIDER_RETRY_AFTER_SECONDS) } };
  }
  const fastifyError = error as FastifyError;
  if (Array.isArray(fastifyError.validation)) {
    const fields = fastifyError.validation.map((v) => ({
      field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || (fastifyError.validationContext ?? ''),
      message: 'invalid' as const,
    }));
    return { key: 'VALIDATION_FAILED', fields };
  }
  const status = fastifyError.statusCode ?? 500;
  if (status === 413) return { key: 'PAYLOAD_TOO_LARGE' };
  if (status === 415) return { key: 'UNSUPPORTED_MEDIA_TYPE' };
  if (status === 404) return { key: 'NOT_FOUND' };
  if (status === 429)
    return { key: 'TOO_MANY_REQUESTS', values: { seconds: 60 }, data: { retryAfterSeconds: 60 } };
  // Malformed JSON, an empty JSON body with a length, a bad Content-Length, a poisoned prototype...
  if (status >= 400 && status < 500) return { key: 'MALFORMED_REQUEST' };
  return { key: 'INTERNAL_ERROR' };
}

export function sendFailure(request: FastifyRequest, reply: FastifyReply, failed: Classified): FastifyReply {
  const language = languageOf(request);
  const data = failed.fields ? { fields: localizeProblems(failed.fields, language) } : (failed.data ?? null);
  const envelope = {
    ...failure(failed.key, language, data, failed.values, failed.message),
    requestId: request.id,
  };
  if (failed.headers) reply.headers(failed.headers);
  // Also here: errors of Fastify's own (a malformed URL) are answered before any hook runs.
  reply.header(REQUEST_ID_HEADER, request.id);
  return reply.code(ERRORS[failed.key].status).type('application/json; charset=utf-8').send(envelope);
}

/** A connection as Node's HTTP server keeps it: the answer it is writing, if any (Node's own refusal looks too). */
type Connection = Duplex & { _httpMessage?: ServerResponse | null };

function parserErrorKey(code: string | undefined): ErrorKey {
  if (code === 'HPE_HEADER_OVERFLOW') return 'HEADERS_TOO_LARGE';
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 'PAYLOAD_TOO_LARGE';
  return 'MALFORMED_REQUEST';
}

/**
 * What Node's HTTP parser refuses before Fastify sees it (a request line and headers over 16 KiB, bytes that
 * are not HTTP) is answered here, on the connection: still the envelope and the security headers every
 * answer carries, in English since no header could be read, with an id the log line names. A request the
 * connection carried before the bad bytes (pipelined) is answered first: cutting the connection under it
 * would lose its answer and its client's address (ADR 0064).
 */
export function parserErrorHandler(headers: Readonly<Record<string, string>>) {
  const refused = new WeakSet<Duplex>();
  return function refuse(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Connection): void {
    if (error.code === 'ECONNRESET' || socket.destroyed || refused.has(socket)) return;
    // The parser stops at the first bad byte and says so again for every later chunk: one answer.
    refused.add(socket);
    const key = parserErrorKey(error.code);
    const { status } = ERRORS[key];
    const requestId = randomUUID();
    this.log.info(
      { [REQUEST_ID_LOG_LABEL]: requestId, status, parserError: error.code },
      'request refused by the HTTP parser',
    );
    const body = JSON.stringify({ ...failure(key, DEFAULT_LANGUAGE), requestId });
    const head = Object.entries({ ...headers, [REQUEST_ID_HEADER]: requestId })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const answer = () => {
      const underWay = socket._httpMessage;
      // A complete request before the bad bytes: its answer first. One still reading its body never will.
      if (underWay && !socket.destroyed && underWay.req.complete) {
        underWay.once('close', answer);
        return;
      }
      if (!socket.writable) {
        socket.destroy();
        return;
      }
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nconnection: close\r\n${head}` +
          `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        () => socket.destroy(),
      );
    };
    answer();
  };
}

export const errorHandlingPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | Error, request, reply) => {
      const classified = classify(error);
      if (classified.key === 'INTERNAL_ERROR') {
        request.log.error({ err: error, path: pathOf(request.url) }, 'request failed');
      } else if (error instanceof ProviderUnavailableError) {
        request.log.warn(
          { provider: error.provider, reason: error.reason, status: error.status, path: pathOf(request.url) },
          'provider unavailable',
        );
      } else if (error instanceof AppError && error.options.log) {
        request.log.warn(
          { ...error.options.log, code: error.key, path: pathOf(request.url) },
          'request refused',
        );
      } else {
        request.log.debug({ code: classified.key, path: pathOf(request.url) }, 'request refused');
      }
      return sendFailure(request, reply, classified);
    });
    app.setNotFoundHandler((request, reply) =>
      sendFailure(request, reply, { key: pathProblemOf(request.raw) ?? 'NOT_FOUND' }),
    );
  },
  { name: 'error-handling' },
);
