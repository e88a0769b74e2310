import type { FastifyInstance } from 'fastify';
import { defineEndpoint, sessionOf } from '../endpoint.ts';

/**
 * Loan orders (SPEC sections 3, 4 and 9): apply, confirm, Home's latest order and state, Records' list,
 * and cancelling before submit. The rules live in the LoanOrders service and the order machine.
 */
export async function loanOrderRoutes(app: FastifyInstance): Promise<void> {
  const { loanOrders } = app;

  defineEndpoint(app, 'applyLoanOrder', async ({ brand, input, request }) =>
    loanOrders.apply(sessionOf(request).userId, brand.packageName, input),
  );

  defineEndpoint(app, 'submitOrder', async ({ input, request }) =>
    loanOrders.submit(sessionOf(request).userId, input.orderId),
  );

  defineEndpoint(app, 'latestLoanOrder', async ({ request }) => loanOrders.latest(sessionOf(request).userId));

  defineEndpoint(app, 'loanOrderList', async ({ request }) => loanOrders.list(sessionOf(request).userId));

  defineEndpoint(app, 'cancelAndApplyAgain', async ({ request }) =>
    loanOrders.cancelAndApplyAgain(sessionOf(request).userId),
  );

  defineEndpoint(app, 'cancelOrdersToday', async ({ request }) =>
    loanOrders.cancelledToday(sessionOf(request).userId),
  );
}
