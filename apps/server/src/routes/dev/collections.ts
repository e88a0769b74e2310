import { DEV_COLLECTIONS_PAY_PATH } from '@hiram/contract/api/routes';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { success } from '../../domain/envelope.ts';
import { languageOf } from '../../plugins/app/request-context.ts';
import type { SandboxCollections } from '../../providers/collection/sandbox-collections.ts';
import { ERROR_RESPONSES, successEnvelope } from '../endpoint.ts';

const PayRequest = z.object({
  reference: z
    .string()
    .min(1)
    .max(64)
    .describe('a counter or bills-pay reference, an account number, or an instrument id'),
  amount: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('centavos paid; the amount asked for when absent (a counter may take more or less)'),
  outcome: z.enum(['paid', 'failed']).default('paid').describe('failed: the payment bounced'),
});

/**
 * The sandbox collections provider's cashier (docs/providers.md), registered only while that provider is
 * configured and never in production: it marks a reference or an account paid as a 7-Eleven cashier or a
 * bank would. The result reaches our callback later, signed, like the real service's.
 */
export async function devCollectionRoutes(
  app: FastifyInstance,
  options: { provider: SandboxCollections },
): Promise<void> {
  app.post(
    DEV_COLLECTIONS_PAY_PATH,
    {
      schema: {
        summary: 'Pay a sandbox reference or account as a cashier would (development only).',
        tags: ['dev'],
        body: PayRequest,
        response: {
          200: successEnvelope(
            z.object({ eventId: z.string(), instrumentId: z.string(), amount: z.number().int() }),
          ),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { reference, amount, outcome } = request.body as z.infer<typeof PayRequest>;
      const job = await options.provider.settle(reference, outcome, amount);
      return success(
        { eventId: job.eventId, instrumentId: job.instrumentId, amount: job.amount },
        languageOf(request),
      );
    },
  );
}
