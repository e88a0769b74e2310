import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CollectionEvent } from '@hiram/contract/api/repayment';
import type { ChannelId } from '@hiram/contract/repayment';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import { manilaDay } from '../../domain/servicing-rules.ts';
import { SIGNATURE_WINDOW_SECONDS, type SignatureVerdict } from '../../domain/webhook-signature.ts';
import { type OutboundClient, ProviderUnavailableError } from '../outbound.ts';
import type { SettlementLine } from '../settlement-report.ts';
import type { CollectionProvider, InstrumentRequest, IssuedInstrument } from './collection-provider.ts';
import { type CollectionWebhooks, headerValue, isoOf, type WebhookHeaders } from './collection-webhooks.ts';
import type { PaymongoKeys } from './collections-config.ts';

/**
 * PayMongo (developers.paymongo.com; docs/providers.md, ADR 0046): the hosted checkout channels (GCash,
 * Maya, cards, online banking, a shareable link) through the Checkout API. `issue` creates a Checkout
 * Session for the instrument (its id as `reference_number` and in `metadata`) and hands its
 * `checkout_url` to the borrower; the payment comes back as the signed `checkout_session.payment.paid`
 * event, each of its payments credited once under the payment's id (`pay_…`), whatever event carried it.
 * Counter codes and transfers are not PayMongo's: those channels answer 50307.
 */
export const PAYMONGO_SIGNATURE_HEADER = 'paymongo-signature';

/** The Checkout API's `payment_method_types` of each checkout channel of ours. */
export const PAYMONGO_METHODS: Partial<Record<ChannelId, readonly string[]>> = {
  gcash: ['gcash'],
  maya: ['paymaya'],
  card: ['card'],
  online_banking: ['dob', 'brankas_bdo', 'brankas_landbank', 'brankas_metrobank'],
  payment_link: ['gcash', 'paymaya', 'card', 'dob', 'qrph'],
};

/** How far back a settlement report looks for payments (cards settle in days, e-wallets sooner). */
const SETTLEMENT_LOOKBACK_DAYS = 10;

/** `t=…,te=…,li=…` split into its parts; null when a part is missing or malformed. */
export function parsePaymongoSignature(header: string): { t: number; te: string; li: string } | null {
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = parts.get('t') ?? '';
  if (!/^\d{1,12}$/.test(t)) return null;
  return { t: Number(t), te: parts.get('te') ?? '', li: parts.get('li') ?? '' };
}

/** The signature PayMongo puts in `te` (test mode) or `li` (live mode): hex HMAC-SHA256 of `t.rawbody`. */
export function paymongoSignature(secret: string, t: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
}

/**
 * Checks `Paymongo-Signature` as PayMongo's "Securing a webhook" says: the signature of our mode (`li`
 * with a live key, `te` with a test key) over the timestamp, a dot and the raw body, keyed with the
 * webhook's secret; and, against a replayed delivery, a timestamp within 5 minutes of our clock.
 */
export function checkPaymongoSignature(
  keys: Pick<PaymongoKeys, 'webhookSecret' | 'livemode'>,
  header: string | undefined,
  rawBody: string | undefined,
  now: Date,
): SignatureVerdict {
  if (!header || rawBody === undefined) return 'missing';
  const parsed = parsePaymongoSignature(header);
  const given = parsed && (keys.livemode ? parsed.li : parsed.te);
  if (!parsed || !given || !/^[0-9a-f]{64}$/i.test(given)) return 'mismatch';
  const expected = Buffer.from(paymongoSignature(keys.webhookSecret, parsed.t, rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return 'mismatch';
  return Math.abs(now.getTime() / 1000 - parsed.t) <= SIGNATURE_WINDOW_SECONDS ? 'valid' : 'outsideWindow';
}

interface PaymongoPayment {
  id?: unknown;
  attributes?: {
    amount?: unknown;
    fee?: unknown;
    net_amount?: unknown;
    status?: unknown;
    paid_at?: unknown;
    available_at?: unknown;
    created_at?: unknown;
    metadata?: Record<string, unknown> | null;
  };
}

function integer(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

export class PaymongoCollections implements CollectionProvider, CollectionWebhooks {
  readonly name = 'paymongo';

  /** The hosted checkout channels: counters and transfers are not PayMongo's. */
  serves(channel: ChannelId): boolean {
    return PAYMONGO_METHODS[channel] !== undefined;
  }

  constructor(
    private readonly keys: PaymongoKeys,
    private readonly client: OutboundClient,
  ) {}

  private headers(): Record<string, string> {
    return {
      authorization: `Basic ${Buffer.from(`${this.keys.secretKey}:`).toString('base64')}`,
      'content-type': 'application/json',
      accept: 'application/json',
    };
  }

  async issue(_tx: Queryable, request: InstrumentRequest): Promise<IssuedInstrument> {
    const methods = PAYMONGO_METHODS[request.channel];
    if (request.kind !== 'checkout' || !methods) throw new AppError('CHANNEL_NOT_OFFERED');
    const attributes = {
      line_items: [{ currency: 'PHP', amount: request.amount, name: 'Loan repayment', quantity: 1 }],
      payment_method_types: methods,
      reference_number: request.instrumentId,
      description: `Loan repayment to ${request.payeeName}`,
      send_email_receipt: false,
      show_description: true,
      show_line_items: false,
      metadata: { instrument_id: request.instrumentId, package_name: request.packageName },
      ...(request.returnUrl ? { success_url: request.returnUrl, cancel_url: request.returnUrl } : {}),
    };
    // Creating a session moves no money and a second one is never shown: safe to repeat after a timeout.
    const answer = await this.call('POST', '/v1/checkout_sessions', { data: { attributes } });
    const session = (answer as { data?: { id?: unknown; attributes?: { checkout_url?: unknown } } }).data;
    const checkoutUrl = session?.attributes?.checkout_url;
    if (typeof session?.id !== 'string' || typeof checkoutUrl !== 'string')
      throw new ProviderUnavailableError(this.name, 'PayMongo answered a checkout session without its URL');
    return { reference: session.id, checkoutUrl, accountNumber: null, bankName: null, accountName: null };
  }

  verify(headers: WebhookHeaders, rawBody: string, now: Date): SignatureVerdict {
    return checkPaymongoSignature(this.keys, headerValue(headers, PAYMONGO_SIGNATURE_HEADER), rawBody, now);
  }

  eventsOf(rawBody: string): CollectionEvent[] {
    const event = (JSON.parse(rawBody) as { data?: { attributes?: Record<string, unknown> } }).data
      ?.attributes;
    // Only a paid checkout session credits: a declined card or a cancelled e-wallet attempt leaves the
    // session open for another try, so it changes nothing here. An event of the other mode is not ours.
    if (event?.type !== 'checkout_session.payment.paid' || event.livemode !== this.keys.livemode) return [];
    const session = event.data as
      | {
          attributes?: { reference_number?: unknown; metadata?: Record<string, unknown>; payments?: unknown };
        }
      | undefined;
    const instrumentId =
      session?.attributes?.metadata?.instrument_id ?? session?.attributes?.reference_number;
    const payments = session?.attributes?.payments;
    if (typeof instrumentId !== 'string' || !Array.isArray(payments)) return [];
    return (payments as PaymongoPayment[]).flatMap((payment) => {
      const amount = integer(payment.attributes?.amount);
      const occurredAt = isoOf(payment.attributes?.paid_at ?? payment.attributes?.created_at);
      if (payment.attributes?.status !== 'paid' || typeof payment.id !== 'string' || !amount || !occurredAt)
        return [];
      return [{ eventId: payment.id, instrumentId, outcome: 'paid' as const, amount, occurredAt }];
    });
  }

  /**
   * PayMongo's payments that became available in the lender's balance on a Manila day (`available_at`),
   * read from the list of payments, newest first, until they are older than any that could settle then.
   */
  async settlementReport(day: string): Promise<SettlementLine[]> {
    const oldest = Date.parse(`${day}T00:00:00+08:00`) / 1000 - SETTLEMENT_LOOKBACK_DAYS * 86_400;
    const lines: SettlementLine[] = [];
    let after: string | null = null;
    for (let page = 0; page < 100; page++) {
      const query = `/v1/payments?limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`;
      const answer = (await this.call('GET', query)) as { data?: PaymongoPayment[]; has_more?: unknown };
      const payments = answer.data ?? [];
      for (const payment of payments) {
        const a = payment.attributes ?? {};
        const available = isoOf(a.available_at);
        const amount = integer(a.amount);
        const fee = integer(a.fee) ?? 0;
        const instrumentId = a.metadata?.instrument_id;
        if (a.status !== 'paid' || !available || amount === null || typeof payment.id !== 'string') continue;
        if (manilaDay(new Date(available)) !== day) continue;
        lines.push({
          reference: payment.id,
          merchantReference: typeof instrumentId === 'string' ? instrumentId : '',
          amount,
          fee,
          net: integer(a.net_amount) ?? amount - fee,
          status: 'settled',
          occurredAt: isoOf(a.paid_at) ?? available,
          packageName: typeof a.metadata?.package_name === 'string' ? a.metadata.package_name : '',
        });
      }
      const last = payments.at(-1);
      const lastCreated = Number(last?.attributes?.created_at ?? 0);
      if (answer.has_more !== true || !last || lastCreated < oldest) break;
      after = String(last.id);
    }
    return lines;
  }

  /** One call; PayMongo's own error answers (4xx) become a clear 503 to the borrower and a log line. */
  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let answer: Awaited<ReturnType<OutboundClient['send']>>;
    try {
      answer = await this.client.send({
        method,
        url: `${this.keys.apiUrl}${path}`,
        headers: this.headers(),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        retryable: true,
      });
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw new AppError('COLLECTIONS_UNAVAILABLE');
      throw error;
    }
    if (answer.status >= 200 && answer.status < 300) return JSON.parse(answer.body);
    throw new AppError('COLLECTIONS_UNAVAILABLE', {
      data: { provider: this.name, status: answer.status, errors: paymongoErrorCodes(answer.body) },
    });
  }
}

/** PayMongo's error answer: `{ "errors": [{ "code": "parameter_invalid", "detail": "…" }] }`; codes only. */
export function paymongoErrorCodes(body: string): string[] {
  try {
    const errors = (JSON.parse(body) as { errors?: { code?: unknown }[] }).errors ?? [];
    return errors.map((error) => String(error.code ?? 'unknown'));
  } catch {
    return [];
  }
}
