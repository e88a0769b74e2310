import { createHash, timingSafeEqual } from 'node:crypto';
import { DEFAULT_LANGUAGE } from '@hiram/contract/languages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../domain/app-error.ts';
import { success } from '../../domain/envelope.ts';
import { outcomeOfFailure } from '../../plugins/infra/metrics.ts';
import { centavosOf, payoutFailureOf } from '../../providers/payout/xendit-payout.ts';
import { ERROR_RESPONSES } from '../endpoint.ts';

/** Where a lender points Xendit's payout webhook (dashboard, Settings > Webhooks, Payouts v2). */
export const XENDIT_PAYOUT_WEBHOOK_PATH = '/webhooks/xendit/payouts';

/** What we read of Xendit's payout webhook (docs.xendit.co, "Payout Webhook"); the rest is ignored. */
const XenditPayoutWebhook = z.object({
  event: z.string().max(64),
  data: z.object({
    id: z.string().min(1).max(128),
    reference_id: z.string().min(1).max(128),
    amount: z.number().nonnegative(),
    currency: z.string().max(8),
    status: z.string().max(64),
    failure_code: z.string().max(128).nullish(),
  }),
});

/** The token against the configured one, in constant time (hashes of equal length). */
function tokenMatches(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string' || given === '') return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Xendit's payout webhook, when PAYOUT_PROVIDER is `xendit`. Authenticated by `x-callback-token` (Xendit
 * signs nothing: the Verification Token is the proof). A result goes through the same path as every
 * payout result (Disbursements.applyResult): once per payout and status, a late or repeated one changes
 * nothing, an amount other than the payout's is refused (409, Xendit retries for 24 h) and logged for a
 * person. Statuses before a result (ACCEPTED, REQUESTED) are acknowledged and ignored. A reversal of a paid
 * payout is acknowledged, recorded and logged as an error for operations (ADR 0044).
 */
export async function xenditPayoutWebhookRoutes(app: FastifyInstance): Promise<void> {
  const xendit = app.config.xendit;
  if (app.config.payoutProvider !== 'xendit' || !xendit) return;

  const verifyToken = async (request: FastifyRequest) => {
    if (!tokenMatches(request.headers['x-callback-token'], xendit.callbackToken)) {
      request.log.warn('xendit payout webhook refused: wrong or missing x-callback-token');
      throw new AppError('INVALID_SIGNATURE');
    }
  };

  app.post(
    XENDIT_PAYOUT_WEBHOOK_PATH,
    {
      preValidation: [verifyToken],
      schema: {
        summary: "Xendit's payout webhook (PAYOUT_PROVIDER=xendit), authenticated by x-callback-token.",
        tags: ['callback'],
        response: ERROR_RESPONSES,
      },
    },
    async (request, reply) => {
      const parsed = XenditPayoutWebhook.safeParse(request.body);
      if (!parsed.success) throw new AppError('MALFORMED_REQUEST');
      const { event, data } = parsed.data;
      const outcome = event === 'payout.succeeded' ? 'paid' : event === 'payout.failed' ? 'failed' : null;
      if (event === 'payout.reversed') {
        await app.db.query(
          `insert into provider_events (provider, event_id, received_at, subject, outcome)
           values ('payout-transfer', $1, $2, $3, 'reversed') on conflict do nothing`,
          [`xendit-${data.id}-REVERSED`, app.clock.now().toISOString(), data.reference_id],
        );
        request.log.error(
          { payoutId: data.reference_id, provider: 'xendit' },
          'payout reversed by the bank after it succeeded: the money is back on the lender balance',
        );
        return reply.send(success({ received: true }, DEFAULT_LANGUAGE));
      }
      if (!outcome || data.currency !== 'PHP') {
        request.log.info({ event, status: data.status }, 'xendit payout webhook ignored');
        return reply.send(success({ received: true }, DEFAULT_LANGUAGE));
      }
      const result = {
        // One event per payout and status: Xendit's retries of it are the same event.
        eventId: `xendit-${data.id}-${data.status}`.slice(0, 64),
        payoutId: data.reference_id,
        outcome,
        amount: centavosOf(data.amount),
        ...(outcome === 'failed' ? { failure: payoutFailureOf(data.failure_code ?? undefined) } : {}),
      } as const;
      try {
        const applied = await app.disbursements.applyResult(result);
        request.log.info({ payoutId: result.payoutId, outcome: applied }, 'xendit payout result');
        app.metrics.payouts.inc({ result: outcome, outcome: applied });
      } catch (error) {
        app.metrics.payouts.inc({ result: outcome, outcome: outcomeOfFailure(error) });
        // A payout of another system on the same Xendit account: acknowledged, or Xendit retries for a day.
        if (error instanceof AppError && error.key === 'NOT_FOUND') {
          request.log.warn({ event }, 'xendit payout webhook for a payout that is not ours');
          return reply.send(success({ received: true }, DEFAULT_LANGUAGE));
        }
        if (error instanceof AppError && error.key === 'PAYOUT_AMOUNT_MISMATCH') {
          request.log.error(
            { payoutId: result.payoutId, ...(error.options.data as object) },
            'xendit payout webhook refused: the amount differs from the payout',
          );
        }
        throw error;
      }
      return reply.send(success({ received: true }, DEFAULT_LANGUAGE));
    },
  );
}
