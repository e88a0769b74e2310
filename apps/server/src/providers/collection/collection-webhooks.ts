import type { CollectionEvent } from '@hiram/contract/api/repayment';
import type { SignatureVerdict } from '../../domain/webhook-signature.ts';

/** Request headers as Fastify gives them (lower-case names). */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

/**
 * A real collections provider's webhook (docs/providers.md): how its deliveries are authenticated, and
 * which of our collection events a verified delivery carries. The route checks first and parses after,
 * then credits each event through the one crediting path (services/collections/crediting.ts).
 */
export interface CollectionWebhooks {
  readonly name: string;
  verify(headers: WebhookHeaders, rawBody: string, now: Date): SignatureVerdict;
  /**
   * The payments a verified delivery reports. Empty: an event of no concern to the ledger (a checkout
   * session created, another mode's event), answered 200 so the provider stops sending it.
   */
  eventsOf(rawBody: string): CollectionEvent[];
}

export function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A provider's amount of pesos with centavos (Xendit's `request_amount`: 500.5) in integer centavos. */
export function centavosOfPesos(pesos: unknown): number | null {
  if (typeof pesos !== 'number' || !Number.isFinite(pesos) || pesos < 0) return null;
  const centavos = Math.round(pesos * 100);
  // More than two decimals is not a peso amount: refuse it rather than round money.
  return Math.abs(centavos - pesos * 100) < 1e-6 ? centavos : null;
}

/** Unix seconds (PayMongo) or an ISO text (Xendit) as ISO 8601; null when it is neither. */
export function isoOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value * 1000).toISOString();
  if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
  return null;
}
