import type { FastifyInstance } from 'fastify';
import { defineEndpoint, sessionOf } from '../endpoint.ts';

/** The ₱100 account coupon of SPEC section 9 (services/market/coupons.ts). */
export async function lotteryDrawRoutes(app: FastifyInstance): Promise<void> {
  defineEndpoint(app, 'couponList', async ({ request }) => app.coupons.list(sessionOf(request).userId));

  defineEndpoint(app, 'useCoupon', async ({ input, request }) =>
    app.coupons.use(sessionOf(request).userId, input.couponId),
  );
}
