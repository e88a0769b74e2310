import { PAYOUT_INSTITUTIONS } from '@hiram/contract/banks';
import type { FastifyInstance } from 'fastify';
import { defineEndpoint, sessionOf } from '../endpoint.ts';

export async function appRoutes(app: FastifyInstance): Promise<void> {
  // SPEC section 7 names it after Paystack; here it is the Philippine banks and e-wallets of the contract.
  defineEndpoint(app, 'bankList', async () =>
    PAYOUT_INSTITUTIONS.map((institution) => ({
      code: institution.code,
      name: institution.name,
      kind: institution.kind,
      accountNumberLengths: [...institution.accountNumberLengths],
    })),
  );

  // Never: a rejected borrower is not pushed to other lenders (docs/decisions/0008-market.md).
  defineEndpoint(app, 'isRejectRecommendation', async ({ language, request }) =>
    app.market.rejectRecommendation(sessionOf(request).userId, language),
  );
}
