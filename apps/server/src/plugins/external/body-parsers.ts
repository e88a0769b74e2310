import formbody from '@fastify/formbody';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as received, for routes configured with `rawBody` (signed webhooks). */
    rawBody?: string;
  }
}

import { BODY_LIMIT_BYTES } from '../../domain/limits.ts';

/**
 * JSON and form bodies (login is form-urlencoded, SPEC section 7), both capped at BODY_LIMIT_BYTES.
 * Uploads are multipart, parsed only by the upload routes (routes/user/uploads.ts).
 * Other content types get 415. An empty JSON body counts as no body rather than as broken JSON.
 */
export const bodyParsersPlugin = fp(
  async (app) => {
    await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
    // Fastify reads text/plain by default; no endpoint takes it, so it gets 415 like any other type.
    app.removeContentTypeParser('text/plain');
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
      (request, body, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        if (request.routeOptions.config.rawBody) request.rawBody = text;
        if (text.trim() === '') {
          done(null, undefined);
          return;
        }
        parseJson(request, text, done);
      },
    );
  },
  { name: 'body-parsers' },
);
