import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/app-error.ts';
import { defineEndpoint, RawAnswer, sessionOf } from '../endpoint.ts';

const PRIVATE_IMAGE = { 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' };

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

  defineEndpoint(app, 'voucherList', async ({ input, request }) =>
    vouchers.list(sessionOf(request).userId, input.orderId),
  );

  defineEndpoint(app, 'voucherImage', async ({ input, request }) => {
    const image = await vouchers.image(sessionOf(request).userId, input.voucherId);
    if (!image) throw new AppError('NOT_FOUND');
    return new RawAnswer('image/jpeg', image, PRIVATE_IMAGE);
  });
}
