import type { FastifyInstance } from 'fastify';
import { defineEndpoint, sessionOf } from '../endpoint.ts';

/** Disbursement (SPEC section 7, docs/api.md "Disbursement"); the rules are in the Disbursements service. */
export async function disbursementRoutes(app: FastifyInstance): Promise<void> {
  defineEndpoint(app, 'getMoney', async ({ input, language, request }) =>
    app.disbursements.getMoney(sessionOf(request).userId, input.orderId, language),
  );

  defineEndpoint(app, 'disbursement', async ({ input, language, request }) =>
    app.disbursements.view(sessionOf(request).userId, input.orderId, language),
  );
}
