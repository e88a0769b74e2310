import { HEALTH_PATH, READY_PATH } from '@hiram/contract/api/routes';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listMigrations } from '../../db/migrate.ts';
import { AppError } from '../../domain/app-error.ts';
import { success } from '../../domain/envelope.ts';
import { languageOf } from '../../plugins/infra/request-context.ts';
import { ERROR_RESPONSES, successEnvelope } from '../endpoint.ts';

/** A readiness probe waits this long for the database; a hung connection is as bad as a refused one. */
export const READY_DATABASE_TIMEOUT_MS = 2000;

type NotReady = 'database' | 'migrations';

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * For load balancers and orchestrators (docs/operations.md). `/healthz` is liveness: the process answers,
 * without touching the database, so a database outage does not get healthy processes restarted.
 * `/readyz` is readiness: the database answers and holds every migration this code knows.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const knownVersions = (await listMigrations()).map((m) => m.version);

  const whatIsNotReady = async (log: FastifyBaseLogger): Promise<NotReady | null> => {
    let applied: Set<string>;
    try {
      const rows = await within(
        app.db.query<{ version: string }>('select version from schema_migrations'),
        READY_DATABASE_TIMEOUT_MS,
      );
      applied = new Set(rows.map((r) => r.version));
    } catch (error) {
      log.warn({ err: error }, 'not ready: the database does not answer');
      return 'database';
    }
    const pending = knownVersions.filter((version) => !applied.has(version));
    if (pending.length === 0) return null;
    log.warn({ pending }, 'not ready: migrations are not applied');
    return 'migrations';
  };

  const status = (value: 'ok' | 'ready') =>
    successEnvelope(z.object({ status: z.literal(value), database: z.enum(['embedded', 'postgres']) }));

  app.get(
    HEALTH_PATH,
    {
      schema: {
        summary: 'Liveness: the process answers (the database is not asked).',
        tags: ['ops'],
        response: { 200: status('ok'), ...ERROR_RESPONSES },
      },
    },
    async (request) => success({ status: 'ok' as const, database: app.db.kind }, languageOf(request)),
  );

  app.get(
    READY_PATH,
    {
      schema: {
        summary: 'Readiness: the database answers and every migration is applied; 503 otherwise.',
        tags: ['ops'],
        response: { 200: status('ready'), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const reason = await whatIsNotReady(request.log);
      if (reason) throw new AppError('NOT_READY', { data: { reason } });
      return success({ status: 'ready' as const, database: app.db.kind }, languageOf(request));
    },
  );
}
