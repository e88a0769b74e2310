import multipart from '@fastify/multipart';
import { ID_IMAGE_MAX_BYTES, type IdImageKind } from '@hiram/contract/api/application';
import type { EndpointName } from '@hiram/contract/api/endpoints';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../../domain/app-error.ts';
import { photoTooLarge } from '../../domain/id-photo.ts';
import { HOUR_SECONDS, ID_PHOTOS_PER_USER_PER_HOUR, UPLOAD_FIELD_MAX_BYTES } from '../../domain/limits.ts';
import { defineEndpoint, fileOf, sessionOf } from '../endpoint.ts';

const UPLOADS = [
  ['uploadIdFront', 'front'],
  ['uploadIdBack', 'back'],
  ['saveFaceImage', 'face'],
] as const satisfies readonly (readonly [EndpointName, IdImageKind])[];

/** What busboy and @fastify/multipart say about a broken or oversized upload, in the catalogue's words. */
export function uploadProblem(error: FastifyError): AppError | null {
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return photoTooLarge();
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new AppError('MALFORMED_REQUEST');
    default:
      // Busboy's own errors (a missing boundary, a form cut short) carry no status; others keep theirs.
      return error.statusCode === undefined ? new AppError('MALFORMED_REQUEST') : null;
  }
}

/**
 * Makes a route scope read multipart only, with one `file` part held in memory (at most ID_IMAGE_MAX_BYTES)
 * to be checked and re-encoded; JSON or a form there is 415. Problems are rethrown in the catalogue's words,
 * to the app's error handler. Used by the identity photos and the proof of payment.
 */
export async function acceptOnePhoto(app: FastifyInstance): Promise<void> {
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
}

/** The three photo uploads of the identity step: one `file` part (and `cardType` for the front). */
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  await acceptOnePhoto(app);

  const photos = { scope: 'id-photo', limit: ID_PHOTOS_PER_USER_PER_HOUR, windowSeconds: HOUR_SECONDS };
  for (const [name, kind] of UPLOADS) {
    defineEndpoint(app, name, async ({ input, request }) => {
      const { userId } = sessionOf(request);
      await app.rateLimits.spend(photos, userId);
      const cardType = 'cardType' in input ? input.cardType : undefined;
      return app.identity.savePhoto(userId, kind, fileOf(request), cardType);
    });
  }
}
