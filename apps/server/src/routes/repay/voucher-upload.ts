import multipart from '@fastify/multipart';
import { ID_IMAGE_MAX_BYTES } from '@hiram/contract/api/application';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../../domain/app-error.ts';
import { HOUR_SECONDS, ID_PHOTOS_PER_USER_PER_HOUR, UPLOAD_FIELD_MAX_BYTES } from '../../domain/limits.ts';
import { defineEndpoint, fileOf, sessionOf } from '../endpoint.ts';
import { uploadProblem } from '../user/uploads.ts';

/**
 * The proof-of-payment upload: multipart with one `file` part, checked by content and re-encoded without
 * metadata like the ID photos (routes/user/uploads.ts). Its own scope reads only multipart.
 */
export async function voucherUploadRoutes(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: {
      fileSize: ID_IMAGE_MAX_BYTES,
      files: 1,
      fields: 4,
      fieldSize: UPLOAD_FIELD_MAX_BYTES,
      parts: 5,
      headerPairs: 20,
    },
  });
  app.setErrorHandler((error: FastifyError) => {
    throw error instanceof AppError ? error : (uploadProblem(error) ?? error);
  });

  const uploads = { scope: 'voucher', limit: ID_PHOTOS_PER_USER_PER_HOUR, windowSeconds: HOUR_SECONDS };
  defineEndpoint(app, 'uploadVoucher', async ({ request }) => {
    const { userId } = sessionOf(request);
    await app.rateLimits.spend(uploads, userId);
    return app.vouchers.upload(userId, fileOf(request));
  });
}
