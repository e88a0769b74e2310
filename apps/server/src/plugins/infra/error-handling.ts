import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { REQUEST_ID_HEADER } from '@hiram/contract/api/routes';
import { ERRORS, type ErrorKey } from '@hiram/contract/errors';
import { DEFAULT_LANGUAGE, type Localized } from '@hiram/contract/languages';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../domain/app-error.ts';
import { failure } from '../../domain/envelope.ts';
import { type FieldProblem, localizeProblems } from '../../domain/field-problems.ts';
import { ProviderUnavailableError } from '../../providers/outbound.ts';
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

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers over 16 KiB, broken HTTP): still
 * the envelope, in English since no header could be read, with an id of its own (nothing logs it).
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const key: ErrorKey = error.code === 'HPE_HEADER_OVERFLOW' ? 'PAYLOAD_TOO_LARGE' : 'MALFORMED_REQUEST';
  const { status } = ERRORS[key];
  const requestId = randomUUID();
  const body = JSON.stringify({ ...failure(key, DEFAULT_LANGUAGE), requestId });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n${REQUEST_ID_HEADER}: ${requestId}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
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
