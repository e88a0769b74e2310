import type { CollectionEvent } from '@hiram/contract/api/repayment';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/app-error.ts';
import { outcomeOfFailure } from '../../plugins/infra/metrics.ts';
import type { CollectionWebhooks } from '../../providers/collection/collection-webhooks.ts';

/** PayMongo's webhook (checkout payments), registered only when COLLECTIONS_PROVIDER uses PayMongo. */
export const PAYMONGO_WEBHOOK_PATH = '/webhooks/paymongo';
/** Xendit's Payments API v3 webhook (counter codes, transfers), when COLLECTIONS_PROVIDER uses Xendit. */
export const XENDIT_PAYMENTS_WEBHOOK_PATH = '/webhooks/xendit/payments';

/** What one payment of a delivery did here; the provider only needs the 200. */
type Applied = 'credited' | 'duplicate' | 'failed' | 'unmatched' | 'ignored';

/**
 * A real collections provider's webhook at a fixed path (its dashboard takes one URL per account, for every
 * brand). Verified before anything is parsed (401 INVALID_SIGNATURE otherwise, logged, nothing changed);
 * each payment it reports goes through the one crediting path, once per provider payment id. A payment
 * for an instrument we do not have is kept in the unmatched queue and, like a failure after a payment
 * (40933) or a duplicate, answered 200 so the provider stops retrying a delivery that can never apply;
 * only a failure of ours (5xx) makes it deliver again, which is then applied once.
 */
export async function collectionWebhookRoutes(
  app: FastifyInstance,
  options: { path: string; provider: CollectionWebhooks },
): Promise<void> {
  const { provider } = options;
  app.post(options.path, { config: { rawBody: true } }, async (request) => {
    const rawBody = request.rawBody;
    const verdict =
      rawBody === undefined ? 'missing' : provider.verify(request.headers, rawBody, app.clock.now());
    if (verdict !== 'valid' || rawBody === undefined) {
      request.log.warn({ provider: provider.name, verdict }, 'collection webhook refused');
      throw new AppError('INVALID_SIGNATURE');
    }
    let events: CollectionEvent[];
    try {
      events = provider.eventsOf(rawBody);
    } catch {
      throw new AppError('VALIDATION_FAILED');
    }
    const applied: Applied[] = [];
    for (const event of events) applied.push(await apply(app, provider.name, event, request.log));
    return { received: true, applied };
  });
}

async function apply(
  app: FastifyInstance,
  providerName: string,
  event: CollectionEvent,
  log: FastifyInstance['log'],
): Promise<Applied> {
  const about = { provider: providerName, eventId: event.eventId, instrumentId: event.instrumentId };
  try {
    const outcome = await app.collections.creditCollection(event);
    app.metrics.collections.inc({ result: event.outcome, outcome });
    log.info({ ...about, result: event.outcome, outcome }, 'collection webhook');
    return outcome;
  } catch (error) {
    app.metrics.collections.inc({ result: event.outcome, outcome: outcomeOfFailure(error) });
    if (!(error instanceof AppError)) throw error;
    // Money for an instrument we do not have is already in the unmatched payments queue (crediting.ts).
    const applied: Applied = error.key === 'NOT_FOUND' ? 'unmatched' : 'ignored';
    log.warn({ ...about, result: event.outcome, refusal: error.key }, 'collection webhook not applied');
    return applied;
  }
}
