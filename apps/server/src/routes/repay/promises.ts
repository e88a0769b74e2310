import type { FastifyInstance } from 'fastify';
import { defineEndpoint, sessionOf } from '../endpoint.ts';

/** The overdue screen's "I'll pay on…" (issue 22, ADR 0075); the rules live in the promises service. */
export async function promiseRoutes(app: FastifyInstance): Promise<void> {
  defineEndpoint(app, 'promiseToPay', async ({ input, request }) =>
    app.promises.borrowerState(sessionOf(request).userId, input.orderNo),
  );
  defineEndpoint(app, 'makePromiseToPay', async ({ input, request, language }) =>
    app.promises.borrowerPromise(sessionOf(request).userId, input, language),
  );
}
