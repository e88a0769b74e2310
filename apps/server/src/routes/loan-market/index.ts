import type { FastifyInstance } from 'fastify';
import { ATTEMPT_IDS_PER_USER_PER_HOUR, HOUR_SECONDS } from '../../domain/limits.ts';
import { defineEndpoint, sessionOf } from '../endpoint.ts';
import { lineOfBorrower, productsWithinLine } from '../loan/offered-products.ts';

/**
 * The market (SPEC section 7; docs/decisions/0008-market.md): the lender's products across its brands,
 * the borrower's record with the lender, and applying for any brand's product through the loan-order core.
 * The /loan/... market paths live here too, beside the rest of the market.
 */
export async function loanMarketRoutes(app: FastifyInstance): Promise<void> {
  const { market } = app;

  // The contacts of the brand the request came from: each white-label brand has its own (GUIDE section 4).
  defineEndpoint(app, 'customerService', async ({ brand }) => ({
    appName: brand.appName,
    email: brand.supportEmail,
    phone: brand.supportPhone,
    hours: brand.supportHours,
    lender: {
      corporateName: brand.lender.corporateName,
      secRegistrationNumber: brand.lender.secRegistrationNumber,
      certificateOfAuthorityNumber: brand.lender.certificateOfAuthorityNumber,
    },
  }));

  defineEndpoint(app, 'marketIndex', async ({ brand }) => market.index(brand.packageName));

  defineEndpoint(app, 'productListMarket', async ({ brand }) => market.products(brand.packageName));

  defineEndpoint(app, 'lendingRecord', async ({ request }) =>
    market.lendingRecord(sessionOf(request).userId),
  );

  defineEndpoint(app, 'creditList', async ({ brand, request }) => {
    const { userId } = sessionOf(request);
    const line = await lineOfBorrower(app, userId);
    return market.creditList(userId, brand.packageName, (products) => productsWithinLine(products, line));
  });

  defineEndpoint(app, 'epochScore', async ({ request }) => market.epochScore(sessionOf(request).userId));

  defineEndpoint(app, 'repayColor', async ({ request }) => market.repayColor(sessionOf(request).userId));

  defineEndpoint(app, 'repayProducts', async ({ request }) =>
    market.repayProducts(sessionOf(request).userId),
  );

  defineEndpoint(app, 'loanOrderListMarket', async ({ request }) => market.orders(sessionOf(request).userId));

  // Each attempt id is a row: bounded per borrower, far above what tapping Apply could need.
  const attempts = { scope: 'attempt-id', limit: ATTEMPT_IDS_PER_USER_PER_HOUR, windowSeconds: HOUR_SECONDS };
  defineEndpoint(app, 'createEpochId', async ({ request }) => {
    const { userId } = sessionOf(request);
    await app.rateLimits.spend(attempts, userId);
    return market.createEpoch(userId);
  });

  defineEndpoint(app, 'applyMarket', async ({ input, request }) => {
    const { epochId, ...choice } = input;
    return market.apply(sessionOf(request).userId, epochId, choice);
  });

  defineEndpoint(app, 'applyMarketAgain', async ({ input, request }) => {
    const { epochId, ...changes } = input;
    return market.applyAgain(sessionOf(request).userId, epochId, changes);
  });
}
