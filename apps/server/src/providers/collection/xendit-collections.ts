import { timingSafeEqual } from 'node:crypto';
import type { CollectionEvent } from '@hiram/contract/api/repayment';
import type { ChannelId } from '@hiram/contract/repayment';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import { manilaDay } from '../../domain/servicing-rules.ts';
import type { SignatureVerdict } from '../../domain/webhook-signature.ts';
import { type OutboundClient, ProviderUnavailableError } from '../outbound.ts';
import type { SettlementLine } from '../settlement-report.ts';
import type {
  CollectionProvider,
  InstrumentRequest,
  IssuedInstrument,
  StandingReference,
} from './collection-provider.ts';
import {
  type CollectionWebhooks,
  centavosOfPesos,
  headerValue,
  isoOf,
  type WebhookHeaders,
} from './collection-webhooks.ts';
import type { XenditKeys } from './collections-config.ts';

/**
 * Xendit's Payments API v3 (docs.xendit.co; docs/providers.md, ADR 0046) for what a borrower pays outside
 * a checkout page: a code for a counter (7-Eleven, M Lhuillier, RD Pawnshop) and an account number for a
 * transfer by InstaPay or PESONet from any bank or e-wallet (`BANK_TRANSFER`). `issue` creates a payment
 * request (type PAY, the exact amount, our instrument id as `reference_id` and idempotency key) and shows
 * what Xendit asks to present to the customer; `issueStandingReference` creates the loan's one number to
 * pay with (type REUSABLE_PAYMENT_CODE: any amount, any time, from every bank and e-wallet). Payments come
 * back as `payment.capture` webhooks with the account's token in `x-callback-token`, each credited once
 * under its payment id (`py-…`). Xendit amounts are pesos with decimals; ours are centavos.
 */
export const XENDIT_TOKEN_HEADER = 'x-callback-token';
export const XENDIT_API_VERSION = '2024-11-11';
/** The name a transfer's account is shown with: Xendit's PH bank-transfer rail. */
export const XENDIT_TRANSFER_BANK = 'Xendit (InstaPay / PESONet)';

/** Xendit's channel code of each channel of ours it serves. */
export const XENDIT_CHANNELS: Partial<Record<ChannelId, string>> = {
  seven_eleven: '7ELEVEN',
  mlhuillier: 'MLHUILLIER',
  rd_pawnshop: 'RD_PAWNSHOP',
  bank_transfer: 'BANK_TRANSFER',
  virtual_account: 'BANK_TRANSFER',
  paycools_va: 'BANK_TRANSFER',
  payso_va: 'BANK_TRANSFER',
  kxypay_va: 'BANK_TRANSFER',
};

const SETTLEMENT_LOOKBACK_DAYS = 10;

/** The token Xendit sends is compared in constant time; Xendit signs nothing else (no timestamp). */
export function checkXenditToken(expected: string, given: string | undefined): SignatureVerdict {
  if (!given) return 'missing';
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b) ? 'valid' : 'mismatch';
}

interface PaymentRequestAnswer {
  payment_request_id?: unknown;
  status?: unknown;
  actions?: { type?: unknown; descriptor?: unknown; value?: unknown }[];
}

interface XenditTransaction {
  id?: unknown;
  product_id?: unknown;
  reference_id?: unknown;
  type?: unknown;
  status?: unknown;
  amount?: unknown;
  cashflow?: unknown;
  settlement_status?: unknown;
  estimated_settlement_time?: unknown;
  fee?: {
    xendit_fee?: unknown;
    value_added_tax?: unknown;
    xendit_withholding_tax?: unknown;
    third_party_withholding_tax?: unknown;
  };
  created?: unknown;
}

export class XenditCollections implements CollectionProvider, CollectionWebhooks {
  readonly name = 'xendit';

  /** Counters and transfers (XENDIT_CHANNELS); the checkout channels are PayMongo's. */
  serves(channel: ChannelId): boolean {
    return XENDIT_CHANNELS[channel] !== undefined;
  }

  constructor(
    private readonly keys: XenditKeys,
    private readonly client: OutboundClient,
  ) {}

  async issue(_tx: Queryable, request: InstrumentRequest): Promise<IssuedInstrument> {
    const channelCode = XENDIT_CHANNELS[request.channel];
    if (!channelCode || request.kind === 'checkout') throw new AppError('CHANNEL_NOT_OFFERED');
    const answer = await this.createPaymentRequest(request.instrumentId, {
      reference_id: request.instrumentId,
      type: 'PAY',
      country: 'PH',
      currency: 'PHP',
      request_amount: request.amount / 100,
      channel_code: channelCode,
      channel_properties: {
        ...(channelCode === 'BANK_TRANSFER'
          ? { display_name: request.payeeName }
          : { payer_name: request.payeeName }),
        expires_at: request.expiresAt.toISOString(),
      },
      description: 'Loan repayment',
      metadata: { package_name: request.packageName },
    });
    const code = presented(answer);
    if (channelCode !== 'BANK_TRANSFER')
      return { reference: code, accountNumber: null, bankName: null, accountName: null, checkoutUrl: null };
    return {
      reference: code,
      accountNumber: code,
      bankName: XENDIT_TRANSFER_BANK,
      accountName: request.payeeName,
      checkoutUrl: null,
    };
  }

  /**
   * The loan's standing account number: payable in any amount, at any time, by InstaPay or PESONet from
   * any bank or e-wallet, for as long as the loan lives. `referenceId` is ours (the standing instrument).
   */
  async issueStandingReference(
    referenceId: string,
    request: { payeeName: string; packageName: string },
  ): Promise<StandingReference> {
    const answer = await this.createPaymentRequest(referenceId, {
      reference_id: referenceId,
      type: 'REUSABLE_PAYMENT_CODE',
      country: 'PH',
      currency: 'PHP',
      channel_code: 'BANK_TRANSFER',
      channel_properties: { display_name: request.payeeName },
      description: 'Loan account',
      metadata: { package_name: request.packageName },
    });
    const accountNumber = presented(answer);
    return {
      reference: accountNumber,
      accountNumber,
      bankName: XENDIT_TRANSFER_BANK,
      accountName: request.payeeName,
    };
  }

  verify(headers: WebhookHeaders, _rawBody: string, _now: Date): SignatureVerdict {
    return checkXenditToken(this.keys.callbackToken, headerValue(headers, XENDIT_TOKEN_HEADER));
  }

  eventsOf(rawBody: string): CollectionEvent[] {
    const body = JSON.parse(rawBody) as {
      event?: unknown;
      created?: unknown;
      data?: Record<string, unknown>;
    };
    const data = body.data;
    if (!data || typeof data.payment_id !== 'string' || typeof data.reference_id !== 'string') return [];
    const occurredAt = isoOf(data.updated ?? data.created ?? body.created);
    if (!occurredAt) return [];
    if (body.event === 'payment.capture' && data.status === 'SUCCEEDED') {
      // What the payer actually paid: a reusable code's payment carries its own amount.
      const amount = centavosOfPesos(data.captured_amount ?? data.request_amount);
      if (!amount) return [];
      return [
        { eventId: data.payment_id, instrumentId: data.reference_id, outcome: 'paid', amount, occurredAt },
      ];
    }
    // A one-time code that failed or expired unpaid; a standing reference takes the next payment anyway.
    if (body.event === 'payment.failure' && data.type !== 'REUSABLE_PAYMENT_CODE')
      return [
        {
          eventId: data.payment_id,
          instrumentId: data.reference_id,
          outcome: 'failed',
          amount: 0,
          occurredAt,
        },
      ];
    return [];
  }

  /**
   * Xendit's money-in payments settled to the lender's balance on a Manila day (their estimated settlement
   * time, settlement status SETTLED), from the Transactions API, created up to 10 days before.
   */
  async settlementReport(day: string): Promise<SettlementLine[]> {
    const end = new Date(Date.parse(`${day}T00:00:00+08:00`) + 86_400_000).toISOString();
    const start = new Date(Date.parse(end) - (SETTLEMENT_LOOKBACK_DAYS + 1) * 86_400_000).toISOString();
    const lines: SettlementLine[] = [];
    let afterId: string | null = null;
    for (let page = 0; page < 100; page++) {
      const query = new URLSearchParams({
        types: 'PAYMENT',
        statuses: 'SUCCESS',
        'created[gte]': start,
        'created[lt]': end,
        limit: '50',
        ...(afterId ? { after_id: afterId } : {}),
      });
      const answer = (await this.call('GET', `/transactions?${query}`)) as {
        data?: XenditTransaction[];
        has_more?: unknown;
      };
      const transactions = answer.data ?? [];
      for (const t of transactions) {
        const settledAt = isoOf(t.estimated_settlement_time);
        const amount = centavosOfPesos(t.amount);
        if (t.settlement_status !== 'SETTLED' || t.cashflow !== 'MONEY_IN' || !settledAt || amount === null)
          continue;
        if (manilaDay(new Date(settledAt)) !== day) continue;
        const fee = [t.fee?.xendit_fee, t.fee?.value_added_tax, t.fee?.third_party_withholding_tax]
          .map((part) => centavosOfPesos(part ?? 0) ?? 0)
          .reduce((sum, part) => sum + part, 0);
        lines.push({
          reference: String(t.product_id ?? t.id),
          merchantReference: typeof t.reference_id === 'string' ? t.reference_id : '',
          amount,
          fee,
          net: amount - fee,
          status: 'settled',
          occurredAt: isoOf(t.created) ?? settledAt,
          packageName: '',
        });
      }
      if (answer.has_more !== true || transactions.length === 0) break;
      afterId = String(transactions.at(-1)?.id);
    }
    return lines;
  }

  private createPaymentRequest(idempotencyKey: string, body: unknown): Promise<PaymentRequestAnswer> {
    return this.call('POST', '/v3/payment_requests', body, idempotencyKey) as Promise<PaymentRequestAnswer>;
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string) {
    let answer: Awaited<ReturnType<OutboundClient['send']>>;
    try {
      answer = await this.client.send({
        method,
        url: `${this.keys.apiUrl}${path}`,
        headers: {
          authorization: `Basic ${Buffer.from(`${this.keys.secretKey}:`).toString('base64')}`,
          'content-type': 'application/json',
          'api-version': XENDIT_API_VERSION,
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        // A GET, or a payment request carrying its idempotency key: Xendit creates it once.
        retryable: method === 'GET' || idempotencyKey !== undefined,
      });
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw new AppError('COLLECTIONS_UNAVAILABLE');
      throw error;
    }
    if (answer.status >= 200 && answer.status < 300) return JSON.parse(answer.body) as unknown;
    const code = xenditErrorCode(answer.body);
    // The channel is switched off on the lender's Xendit account: another channel may still work.
    if (code === 'CHANNEL_NOT_ACTIVATED' || code === 'CHANNEL_UNAVAILABLE')
      throw new AppError('CHANNEL_NOT_OFFERED');
    throw new AppError('COLLECTIONS_UNAVAILABLE', {
      data: { provider: this.name, status: answer.status, code },
    });
  }
}

/** The code or account number Xendit asks us to present to the customer. */
function presented(answer: PaymentRequestAnswer): string {
  const action = answer.actions?.find(
    (a) => a.type === 'PRESENT_TO_CUSTOMER' && typeof a.value === 'string' && a.value.length > 0,
  );
  if (!action)
    throw new AppError('COLLECTIONS_UNAVAILABLE', { data: { provider: 'xendit', code: 'NO_PAYMENT_CODE' } });
  return String(action.value).replace(/\s+/g, '');
}

/** Xendit's error answer: `{ "error_code": "API_VALIDATION_ERROR", "message": "…" }`; the code only. */
export function xenditErrorCode(body: string): string {
  try {
    return String((JSON.parse(body) as { error_code?: unknown }).error_code ?? 'UNKNOWN');
  } catch {
    return 'UNKNOWN';
  }
}
