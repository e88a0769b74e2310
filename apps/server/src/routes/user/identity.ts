import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/app-error.ts';
import { HOUR_SECONDS, IDENTITY_CHECKS_PER_USER_PER_HOUR } from '../../domain/limits.ts';
import { defineEndpoint, privateImage, sessionOf } from '../endpoint.ts';

/** The identity step (SPEC sections 2 and 5); the photo uploads are in uploads.ts. */
export async function identityRoutes(app: FastifyInstance): Promise<void> {
  const { identity } = app;

  defineEndpoint(app, 'identityCard', async ({ request }) => identity.card(sessionOf(request).userId));

  // Only the caller's own photos exist for this query: another borrower's is as missing as no photo.
  defineEndpoint(app, 'identityImage', async ({ input, request }) => {
    const photo = await identity.photo(sessionOf(request).userId, input.kind);
    if (!photo) throw new AppError('NOT_FOUND');
    return privateImage(photo, `${input.kind}.jpg`);
  });

  // Reads and face matches share one limit: each is a request a real provider charges for.
  const checks = {
    scope: 'identity-check',
    limit: IDENTITY_CHECKS_PER_USER_PER_HOUR,
    windowSeconds: HOUR_SECONDS,
  };

  defineEndpoint(app, 'idCardOcr', async ({ input, request, brand }) => {
    const { userId } = sessionOf(request);
    await app.rateLimits.spend(checks, userId);
    return identity.requestRead(userId, brand.packageName, input.cardType);
  });

  defineEndpoint(app, 'finishUploadAllImg', async ({ input, request, brand }) => {
    const { userId } = sessionOf(request);
    await app.rateLimits.spend(checks, userId);
    return identity.confirm(userId, brand.packageName, input);
  });
}
