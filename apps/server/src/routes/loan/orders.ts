import { HEADERS } from '@hiram/contract/api/routes';
import type { Language } from '@hiram/contract/languages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientAddressOf } from '../../plugins/infra/request-context.ts';
import { defineEndpoint, RawAnswer, sessionOf } from '../endpoint.ts';

/**
 * Loan orders (SPEC sections 3, 4 and 9): apply, confirm, Home's latest order and state, Records' list,
 * and cancelling before submit. The rules live in the LoanOrders service and the order machine.
 */
function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first ? first.slice(0, 512) : null;
}

/** Home's latest order, as the endpoint answers it and as the server draws a signed-in Home from it. */
export async function latestOrderOf(app: FastifyInstance, userId: string) {
  const latest = await app.loanOrders.latest(userId);
  // The balance shown on Home comes from the ledger (GUIDE section 5), not from the quote.
  // A written-off loan has no schedule left, only what is still owed (ADR 0053).
  if (latest.order && (latest.amountDue !== null || latest.homeState === 'writtenOff')) {
    const fromLedger = await app.collections.amountDue(latest.order.orderId, latest.homeState === 'overdue');
    if (fromLedger !== null) latest.amountDue = fromLedger;
  }
  return latest;
}

export async function loanOrderRoutes(app: FastifyInstance): Promise<void> {
  const { loanOrders } = app;

  defineEndpoint(app, 'applyLoanOrder', async ({ brand, input, language, request }) => {
    const { userId } = sessionOf(request);
    const { bureauConsentVersion, ...choice } = input;
    const order = await loanOrders.apply(userId, brand.packageName, choice);
    // The consent to the credit-bureau inquiry, given with this Apply (ADR 0071).
    if (bureauConsentVersion !== undefined) {
      await app.bureauStep.recordConsent({
        orderId: order.orderId,
        userId,
        textVersion: bureauConsentVersion,
        language,
      });
    }
    return order;
  });

  defineEndpoint(app, 'submitOrder', async ({ input, request }) => {
    const { userId } = sessionOf(request);
    // Which device and address applied, for the fraud checks' counts (ADR 0070), before the assessment is queued.
    await app.fraudChecks.recordSubmit(app.db, {
      orderId: input.orderId,
      userId,
      deviceId: header(request, HEADERS.deviceId),
      at: app.clock.now(),
    });
    return loanOrders.submit(userId, input.orderId);
  });

  defineEndpoint(app, 'latestLoanOrder', async ({ request }) =>
    latestOrderOf(app, sessionOf(request).userId),
  );

  defineEndpoint(app, 'loanOrderList', async ({ request }) => loanOrders.list(sessionOf(request).userId));

  defineEndpoint(app, 'cancelAndApplyAgain', async ({ request }) =>
    loanOrders.cancelAndApplyAgain(sessionOf(request).userId),
  );

  defineEndpoint(app, 'cancelOrdersToday', async ({ request }) =>
    loanOrders.cancelledToday(sessionOf(request).userId),
  );

  /** The signed agreement of the caller's own order as a PDF download. */
  async function signedAgreementPdf(request: FastifyRequest, orderId: string, language: Language) {
    const { userId } = sessionOf(request);
    const signed = await app.agreements.signed(userId, orderId, language);
    const pdf = await app.documents.signedAgreement({ borrower: userId }, signed, language, 'whole');
    return new RawAnswer('application/pdf', pdf, {
      'content-disposition': `attachment; filename="loan-agreement-${signed.orderId.slice(0, 8)}.pdf"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
  }

  defineEndpoint(app, 'loanAgreement', async ({ input, language, request }) =>
    input.format === 'pdf'
      ? signedAgreementPdf(request, input.orderId, language)
      : app.agreements.view(sessionOf(request).userId, input.orderId, language),
  );

  defineEndpoint(app, 'getMoneyContract', async ({ input, language, request }) =>
    signedAgreementPdf(request, input.orderId, language),
  );

  // Signing records which client signed: what the app says it is and where the request came from.
  defineEndpoint(app, 'signAgreement', async ({ input, language, request }) => {
    const { userId } = sessionOf(request);
    const agreement = await app.agreements.sign(userId, input, language, {
      userAgent: header(request, 'user-agent'),
      clientAddress: clientAddressOf(request),
      appName: header(request, HEADERS.appName),
      packageName: header(request, HEADERS.packageName),
    });
    // The PDF the borrower keeps, rendered once now (ADR 0062); the answer does not wait for it.
    app.documents.renderAtSigning(() => app.agreements.signed(userId, input.orderId, language), language);
    return agreement;
  });
}
