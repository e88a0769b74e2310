import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/app-error.ts';
import { checkWebhookSignature, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../../domain/webhook-signature.ts';
import { outcomeOfFailure } from '../../plugins/infra/metrics.ts';
import { defineEndpoint } from '../endpoint.ts';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The collections provider's callback (SPEC section 7 keeps the path /callback/razorpay/repayResult; here
 * it is whichever collections provider is configured). Signed like every webhook of ours: HMAC over the
 * timestamp and the exact bytes received, within 5 minutes. JSON only, so the signature covers exactly
 * what was parsed. Every refusal is logged with its reason; none changes anything.
 */
export async function callbackRoutes(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser('application/x-www-form-urlencoded');

  // Before validation: an unsigned request learns nothing about our schema and changes nothing.
  const verifySignature = async (request: FastifyRequest) => {
    const verdict = checkWebhookSignature(
      app.config.collectionsWebhookSecret,
      {
        signature: header(request, SIGNATURE_HEADER),
        timestamp: header(request, TIMESTAMP_HEADER),
        rawBody: request.rawBody ?? (request.body === undefined ? '' : undefined),
      },
      app.clock.now(),
    );
    if (verdict !== 'valid') {
      request.log.warn({ verdict }, 'collection callback refused');
      throw new AppError('INVALID_SIGNATURE');
    }
  };

  defineEndpoint(
    app,
    'collectionCallback',
    async ({ input, request }) => {
      try {
        const outcome = await app.collections.creditCollection(input);
        request.log.info(
          { eventId: input.eventId, instrumentId: input.instrumentId, result: input.outcome, outcome },
          'collection callback',
        );
        app.metrics.collections.inc({ result: input.outcome, outcome });
        return { outcome };
      } catch (error) {
        app.metrics.collections.inc({ result: input.outcome, outcome: outcomeOfFailure(error) });
        if (error instanceof AppError)
          request.log.warn(
            {
              eventId: input.eventId,
              instrumentId: input.instrumentId,
              result: input.outcome,
              refusal: error.key,
            },
            'collection callback refused',
          );
        throw error;
      }
    },
    { rawBody: true, preValidation: [verifySignature] },
  );
}
