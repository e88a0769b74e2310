import { createHash, timingSafeEqual } from 'node:crypto';
import { METRICS_PATH } from '@hiram/contract/api/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/app-error.ts';
import { tokenFromAuthorization } from '../../domain/session-rules.ts';
import { ERROR_RESPONSES } from '../endpoint.ts';

/** The bearer token against METRICS_TOKEN, in constant time. */
function hasMetricsToken(request: FastifyRequest, expected: string): boolean {
  const given = tokenFromAuthorization(request.headers.authorization);
  if (!given) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Prometheus metrics (docs/operations.md, decisions/0016). They tell how busy the lender is and which
 * routes fail, so production serves them only to a scraper holding METRICS_TOKEN; without one the route
 * does not exist there. Outside production it is open, for a developer's Prometheus.
 */
export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  const token = app.config.metricsToken;
  if (!token && app.config.nodeEnv === 'production') return;
  app.get(
    METRICS_PATH,
    {
      schema: {
        summary: 'Prometheus metrics: requests, job queue, payouts, collections, SMS.',
        description: 'With METRICS_TOKEN set, only with `Authorization: Bearer <token>`.',
        tags: ['ops'],
        produces: ['text/plain'],
        response: ERROR_RESPONSES,
      },
    },
    async (request, reply) => {
      if (token && !hasMetricsToken(request, token)) throw new AppError('METRICS_TOKEN_REFUSED');
      const { contentType, text } = await app.metrics.render(request.log);
      return reply.type(contentType).send(text);
    },
  );
}
