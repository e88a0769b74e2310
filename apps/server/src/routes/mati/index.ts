import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/app-error.ts';
import { checkWebhookSignature, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../../domain/webhook-signature.ts';
import { defineEndpoint, sessionOf } from '../endpoint.ts';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The identity provider's side (SPEC section 7, /mati/*): its signed webhook, and the verification number
 * of the borrower's current check. The webhook reads JSON only, so the signature covers exactly what was
 * parsed.
 */
export async function matiRoutes(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser('application/x-www-form-urlencoded');

  // Before validation: an unsigned request learns nothing about our schema and changes nothing.
  const verifySignature = async (request: FastifyRequest) => {
    const verdict = checkWebhookSignature(
      app.config.identityWebhookSecret,
      {
        signature: header(request, SIGNATURE_HEADER),
        timestamp: header(request, TIMESTAMP_HEADER),
        rawBody: request.rawBody ?? (request.body === undefined ? '' : undefined),
      },
      app.clock.now(),
    );
    if (verdict !== 'valid') {
      request.log.warn({ verdict }, 'identity webhook refused');
      throw new AppError('INVALID_SIGNATURE');
    }
  };

  defineEndpoint(
    app,
    'identityProviderEcho',
    async ({ input, request }) => {
      const outcome = await app.identity.applyEvent(input);
      request.log.info({ eventId: input.eventId, outcome }, 'identity event');
      return null;
    },
    { rawBody: true, preValidation: [verifySignature] },
  );

  defineEndpoint(app, 'identityVerificationNumber', async ({ request }) => ({
    verificationId: await app.identity.verificationId(sessionOf(request).userId),
  }));
}
