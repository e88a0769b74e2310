import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/app-error.ts';
import { defineEndpoint, privateImage, RawAnswer, sessionOf } from '../endpoint.ts';

/** Extension and proofs of payment (docs/api.md, "Servicing"); the upload has its own multipart scope. */
export async function servicingRoutes(app: FastifyInstance): Promise<void> {
  const { servicing, vouchers } = app;

  defineEndpoint(app, 'extensionData', async ({ input, request }) =>
    servicing.extensionData(sessionOf(request).userId, input.orderId),
  );

  defineEndpoint(app, 'confirmExtensionOrder', async ({ input, request }) =>
    servicing.confirmExtension(sessionOf(request).userId, input.orderId),
  );

  defineEndpoint(app, 'payExtensionOrder', async ({ input, request, brand }) =>
    servicing.payExtension(sessionOf(request).userId, brand, input.extensionId, input.channel),
  );

  defineEndpoint(app, 'saveVoucher', async ({ input, request }) =>
    vouchers.save(sessionOf(request).userId, input),
  );

  defineEndpoint(app, 'voucherList', async ({ input, request, language }) =>
    vouchers.list(sessionOf(request).userId, input.orderId, language),
  );

  // Rendered in a worker thread, within the borrower's allowance (ADR 0062).
  defineEndpoint(app, 'statementOfAccount', async ({ input, request, brand, language }) => {
    const { userId } = sessionOf(request);
    const { facts, journals } = await servicing.documentFacts(userId, input.orderId, brand, false);
    const pdf = await app.documents.statement({ borrower: userId }, facts, journals, language);
    return new RawAnswer('application/pdf', pdf, {
      'content-disposition': `attachment; filename="statement-of-account-${input.orderId.slice(0, 8)}.pdf"`,
      'cache-control': 'private, no-store',
    });
  });

  defineEndpoint(app, 'clearanceLetter', async ({ input, request, brand, language }) => {
    const { userId } = sessionOf(request);
    const { facts } = await servicing.documentFacts(userId, input.orderId, brand, true);
    const pdf = await app.documents.clearance({ borrower: userId }, facts, language);
    return new RawAnswer('application/pdf', pdf, {
      'content-disposition': `attachment; filename="clearance-letter-${input.orderId.slice(0, 8)}.pdf"`,
      'cache-control': 'private, no-store',
    });
  });

  defineEndpoint(app, 'voucherImage', async ({ input, request }) => {
    const image = await vouchers.image({ userId: sessionOf(request).userId }, input.voucherId);
    if (!image) throw new AppError('NOT_FOUND');
    return privateImage(image, 'proof-of-payment.jpg');
  });
}
