import { DEV_CLOSED_CHANNELS_PATH, DEV_COLLECTIONS_PAY_PATH } from '@hiram/contract/api/routes';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { CHANNEL_IDS } from '@hiram/contract/repayment';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../domain/app-error.ts';
import { success } from '../../domain/envelope.ts';
import { languageOf } from '../../plugins/infra/request-context.ts';
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
  callback: z
    .enum(['sent', 'lost'])
    .default('sent')
    .describe('lost: the provider takes the money and its callback never reaches us'),
  settleAfterDays: z
    .number()
    .int()
    .min(0)
    .max(30)
    .optional()
    .describe('days after the payment it appears in the settlement report (default 1)'),
  settledAmount: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('centavos the settlement report shows, when it differs from what the callback said'),
});

const ClosedChannelsRequest = z.object({
  packageName: z.string().min(1).max(128).default(DEFAULT_PACKAGE_NAME).describe("the brand's package name"),
  closed: z
    .array(z.enum(CHANNEL_IDS))
    .max(CHANNEL_IDS.length)
    .describe('the channels to close; [] opens all'),
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
  // The controls beyond reference and amount make the sandbox behave as real providers sometimes do, so
  // reconciliation (ADR 0035) finds differences in tests and demos without a faked report.
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
      const { reference, amount, outcome, callback, settleAfterDays, settledAmount } =
        request.body as z.infer<typeof PayRequest>;
      const job = await options.provider.settle(reference, outcome, amount, {
        callback,
        ...(settleAfterDays === undefined ? {} : { settleAfterDays }),
        ...(settledAmount === undefined ? {} : { settledAmount }),
      });
      return success(
        { eventId: job.eventId, instrumentId: job.instrumentId, amount: job.amount },
        languageOf(request),
      );
    },
  );

  // Lenders close channels in brands.closed_collection_channels; this lets a browser journey do it.
  app.post(
    DEV_CLOSED_CHANNELS_PATH,
    {
      schema: {
        summary: "Set the brand's closed repayment channels (development and tests only).",
        tags: ['dev'],
        body: ClosedChannelsRequest,
        response: {
          200: successEnvelope(z.object({ closed: z.array(z.enum(CHANNEL_IDS)) })),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { packageName, closed } = request.body as z.infer<typeof ClosedChannelsRequest>;
      const unique = [...new Set(closed)];
      const updated = await app.db.query(
        'update brands set closed_collection_channels = $2 where package_name = $1 returning package_name',
        [packageName, unique],
      );
      if (updated.length === 0) throw new AppError('NOT_FOUND');
      return success({ closed: unique }, languageOf(request));
    },
  );
}
