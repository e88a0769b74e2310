import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/app-error.ts';
import { defineEndpoint, privateImage } from '../endpoint.ts';

/** The lender's operations endpoints, behind the operations key (OPS_API_KEY), never a borrower's session. */
export async function opsRoutes(app: FastifyInstance): Promise<void> {
  const { vouchers } = app;

  defineEndpoint(app, 'opsVoucherList', async ({ input }) => vouchers.forReview(input.status));

  defineEndpoint(app, 'opsVoucherImage', async ({ input }) => {
    const image = await vouchers.image(null, input.voucherId);
    if (!image) throw new AppError('NOT_FOUND');
    return privateImage(image, 'proof-of-payment.jpg');
  });

  defineEndpoint(app, 'opsReviewVoucher', async ({ input }) => vouchers.review(input));
}
