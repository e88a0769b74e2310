import type { FastifyInstance } from 'fastify';
import { defineEndpoint } from '../endpoint.ts';

/**
 * Paying from a link without signing in (docs/api.md, "Repayment portal"): the order reference from the
 * link and the code sent by SMS to the loan's mobile (getVerifyCode, type `repayment`). The detail keeps
 * the code valid; paying uses it up.
 */
export async function portalRoutes(app: FastifyInstance): Promise<void> {
  defineEndpoint(app, 'portalRepaymentDetail', async ({ brand, input, language }) =>
    app.collections.portalDetail(brand, input.orderNo, input.code, language),
  );

  defineEndpoint(app, 'portalRepaymentConfirm', async ({ brand, input }) =>
    app.collections.portalConfirm(brand, input),
  );
}
