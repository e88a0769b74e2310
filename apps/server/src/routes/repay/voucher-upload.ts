import type { FastifyInstance } from 'fastify';
import { HOUR_SECONDS, ID_PHOTOS_PER_USER_PER_HOUR } from '../../domain/limits.ts';
import { defineEndpoint, fileOf, sessionOf } from '../endpoint.ts';
import { acceptOnePhoto } from '../user/uploads.ts';

/**
 * The proof-of-payment upload: multipart with one `file` part, checked by content and re-encoded without
 * metadata like the ID photos (routes/user/uploads.ts). Its own scope reads only multipart.
 */
export async function voucherUploadRoutes(app: FastifyInstance): Promise<void> {
  await acceptOnePhoto(app);

  const uploads = { scope: 'voucher', limit: ID_PHOTOS_PER_USER_PER_HOUR, windowSeconds: HOUR_SECONDS };
  defineEndpoint(app, 'uploadVoucher', async ({ request }) => {
    const { userId } = sessionOf(request);
    await app.rateLimits.spend(uploads, userId);
    return app.vouchers.upload(userId, fileOf(request));
  });
}
