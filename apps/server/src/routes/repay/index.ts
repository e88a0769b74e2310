import { INSTRUMENT_ENDPOINTS } from '@hiram/contract/repayment';
import type { FastifyInstance } from 'fastify';
import { defineEndpoint, sessionOf } from '../endpoint.ts';

/**
 * Repayment (issue "Repayment"; docs/api.md): what is due now, the cashier's channels, and one endpoint per
 * kind of payment instrument (the spec's provider-named paths, each with the meaning documented in the
 * contract). The rules live in the Collections service.
 */
export async function repayRoutes(app: FastifyInstance): Promise<void> {
  const { collections } = app;

  defineEndpoint(app, 'repaymentDetail', async ({ input, request }) =>
    collections.detail(sessionOf(request).userId, input.orderNo),
  );

  defineEndpoint(app, 'paymentReference', async ({ brand, input, request }) =>
    collections.paymentReference(sessionOf(request).userId, brand, input.orderNo),
  );

  defineEndpoint(app, 'collectionChannels', async ({ brand, language }) =>
    collections.channels(brand.packageName, language),
  );

  // Cooling-off (ADR 0038): where the loan stands, and the borrower's request to cancel.
  defineEndpoint(app, 'coolingOff', async ({ input, request }) =>
    collections.coolingOff(sessionOf(request).userId, input.orderNo),
  );
  defineEndpoint(app, 'cancelInCoolingOff', async ({ input, request }) =>
    collections.cancelInCoolingOff(sessionOf(request).userId, input.orderNo),
  );

  for (const endpoint of INSTRUMENT_ENDPOINTS) {
    defineEndpoint(app, endpoint, async ({ brand, input, request }) =>
      collections.open(sessionOf(request).userId, brand, endpoint, input),
    );
  }
}
