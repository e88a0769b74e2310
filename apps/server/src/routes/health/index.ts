import { HEALTH_PATH } from '@hiram/contract/api/routes';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { success } from '../../domain/envelope.ts';
import { languageOf } from '../../plugins/app/request-context.ts';
import { ERROR_RESPONSES, successEnvelope } from '../endpoint.ts';

/** For load balancers and uptime checks: 200 with the envelope when the database answers. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    HEALTH_PATH,
    {
      schema: {
        summary: 'Liveness and database check.',
        tags: ['ops'],
        response: {
          200: successEnvelope(
            z.object({ status: z.literal('ok'), database: z.enum(['embedded', 'postgres']) }),
          ),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      await app.db.query('select 1');
      return success({ status: 'ok' as const, database: app.db.kind }, languageOf(request));
    },
  );
}
