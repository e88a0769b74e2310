import { HEADERS } from '@hiram/contract/api/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientAddressOf } from '../../plugins/infra/request-context.ts';
import { defineEndpoint, sessionOf } from '../endpoint.ts';

/** The borrower reads and signs the new schedule of her overdue loan (issue 22, ADR 0077); rules in Hardship. */
function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first ? first.slice(0, 512) : null;
}

export async function restructureRoutes(app: FastifyInstance): Promise<void> {
  defineEndpoint(app, 'loanRestructure', async ({ input, request }) =>
    app.hardship.answer(await app.hardship.view(sessionOf(request).userId, input.orderId)),
  );
  defineEndpoint(app, 'signRestructure', async ({ input, language, request }) => {
    const signed = await app.hardship.sign(sessionOf(request).userId, input, language, {
      userAgent: header(request, 'user-agent'),
      clientAddress: clientAddressOf(request),
      appName: header(request, HEADERS.appName),
      packageName: header(request, HEADERS.packageName),
    });
    return app.hardship.answer(signed);
  });
}
