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
 * The payout provider's callback (/callback/payout/result): signed with PAYOUT_WEBHOOK_SECRET over
 * the raw body and a timestamp (domain/webhook-signature.ts). JSON only, so the signature covers exactly
 * what was parsed.
 */
export async function payoutCallbackRoutes(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser('application/x-www-form-urlencoded');

  // Before validation: an unsigned request learns nothing about our schema and changes nothing.
  const verifySignature = async (request: FastifyRequest) => {
    const verdict = checkWebhookSignature(
      app.config.payoutWebhookSecret,
      {
        signature: header(request, SIGNATURE_HEADER),
        timestamp: header(request, TIMESTAMP_HEADER),
        rawBody: request.rawBody ?? (request.body === undefined ? '' : undefined),
      },
      app.clock.now(),
    );
    if (verdict !== 'valid') {
      request.log.warn({ verdict }, 'payout callback refused');
      throw new AppError('INVALID_SIGNATURE');
    }
  };

  defineEndpoint(
    app,
    'payoutResult',
    async ({ input, request }) => {
      try {
        const outcome = await app.disbursements.applyResult(input);
        request.log.info({ eventId: input.eventId, payoutId: input.payoutId, outcome }, 'payout result');
        app.metrics.payouts.inc({ result: input.outcome, outcome });
        return null;
      } catch (error) {
        app.metrics.payouts.inc({ result: input.outcome, outcome: outcomeOfFailure(error) });
        // Money may have left in a different amount than we asked: a person must look at it.
        if (error instanceof AppError && error.key === 'PAYOUT_AMOUNT_MISMATCH')
          request.log.error(
            {
              eventId: input.eventId,
              payoutId: input.payoutId,
              outcome: input.outcome,
              ...(error.options.data as object),
            },
            'payout callback refused: the amount differs from the payout',
          );
        throw error;
      }
    },
    { rawBody: true, preValidation: [verifySignature] },
  );
}
