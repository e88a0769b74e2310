import { XENDIT_CHANNELS } from '../../src/providers/payout/xendit-payout.ts';
import { type FakeAnswer, type FakeRequest, HttpFake } from './http-fake.ts';

/**
 * A fake of Xendit's Payouts v2 as docs.xendit.co documents it: `POST /v2/payouts` (HTTP Basic with the
 * secret key, `Idempotency-key` required, a key used before answers DUPLICATE_TRANSACTION_ERROR), the
 * payout webhook's body (`event`, `data` with `reference_id`, `status`, `failure_code`), `GET
 * /transactions?types=DISBURSEMENT` (paged with `has_more` and `after_id`) and `GET /payouts_channels`.
 */
export interface FakeXenditPayout {
  id: string;
  reference_id: string;
  idempotencyKey: string;
  channel_code: string;
  account_number: string;
  account_holder_name: string;
  amount: number;
  currency: string;
  status: 'ACCEPTED' | 'SUCCEEDED' | 'FAILED' | 'REVERSED';
  failure_code?: string;
  created: string;
}

/** Xendit's fee per PHP payout in the fake: ₱10 plus 12% VAT. */
export const FAKE_XENDIT_FEE = { xendit_fee: 10, value_added_tax: 1.2 };

export class XenditFake extends HttpFake {
  readonly payouts: FakeXenditPayout[] = [];
  /** Channels `GET /payouts_channels` does not list. */
  unlisted = new Set<string>();
  private seq = 0;

  /** Xendit's clock: the test's, so a payout is created on the test's day. */
  now: () => Date = () => new Date();

  constructor(readonly secretKey = `xnd_development_${'Fake0'.repeat(8)}`) {
    super((request) => this.handle(request));
  }

  /** The webhook Xendit would post once the payout with this reference reached this status. */
  webhook(referenceId: string, status: 'SUCCEEDED' | 'FAILED' | 'REVERSED', failureCode?: string) {
    const payout = this.payouts.find((p) => p.reference_id === referenceId);
    if (!payout) throw new Error(`no fake payout ${referenceId}`);
    payout.status = status;
    if (failureCode) payout.failure_code = failureCode;
    return {
      event: `payout.${status.toLowerCase()}`,
      business_id: '5f27a14a9bf05c73dd040bc8',
      created: this.now().toISOString(),
      data: {
        id: payout.id,
        amount: payout.amount,
        channel_code: payout.channel_code,
        currency: payout.currency,
        status,
        description: 'Loan proceeds',
        reference_id: payout.reference_id,
        created: payout.created,
        updated: this.now().toISOString(),
        estimated_arrival_time: this.now().toISOString(),
        business_id: '5f27a14a9bf05c73dd040bc8',
        channel_properties: {
          account_number: payout.account_number,
          account_holder_name: payout.account_holder_name,
        },
        ...(failureCode ? { failure_code: failureCode } : {}),
      },
    };
  }

  private authorized(request: FakeRequest): boolean {
    return request.headers.authorization === `Basic ${Buffer.from(`${this.secretKey}:`).toString('base64')}`;
  }

  private handle(request: FakeRequest): FakeAnswer {
    if (!this.authorized(request)) {
      return { status: 401, body: { error_code: 'INVALID_API_KEY', message: 'API key is invalid' } };
    }
    if (request.method === 'POST' && request.path === '/v2/payouts') return this.create(request);
    if (request.method === 'GET' && request.path === '/transactions') return this.transactions(request);
    if (request.method === 'GET' && request.path === '/payouts_channels') {
      const codes = [...new Set(Object.values(XENDIT_CHANNELS))].filter((c) => !this.unlisted.has(c));
      return {
        status: 200,
        body: codes.map((channel_code) => ({ channel_code, channel_category: 'BANK', currency: 'PHP' })),
      };
    }
    return { status: 404, body: { error_code: 'NOT_FOUND', message: 'Not found' } };
  }

  private create(request: FakeRequest): FakeAnswer {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || key === '') {
      return {
        status: 400,
        body: { error_code: 'API_VALIDATION_ERROR', message: 'Idempotency-key is required' },
      };
    }
    if (this.payouts.some((p) => p.idempotencyKey === key)) {
      return {
        status: 409,
        body: { error_code: 'DUPLICATE_TRANSACTION_ERROR', message: 'Idempotency key has been used before' },
      };
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.body) as Record<string, unknown>;
    } catch {
      return { status: 400, body: { error_code: 'INVALID_JSON_FORMAT', message: 'Invalid JSON' } };
    }
    const properties = (body.channel_properties ?? {}) as Record<string, unknown>;
    const channel = String(body.channel_code ?? '');
    if (!Object.values(XENDIT_CHANNELS).includes(channel) || this.unlisted.has(channel)) {
      return {
        status: 400,
        body: { error_code: 'CHANNEL_CODE_NOT_SUPPORTED_ERROR', message: 'Channel not supported' },
      };
    }
    if (!/^\d{6,20}$/.test(String(properties.account_number ?? ''))) {
      return {
        status: 400,
        body: { error_code: 'RECIPIENT_ACCOUNT_NUMBER_ERROR', message: 'Invalid account number' },
      };
    }
    const amount = Number(body.amount);
    if (!(amount >= 1) || body.currency !== 'PHP' || typeof body.reference_id !== 'string') {
      return { status: 400, body: { error_code: 'API_VALIDATION_ERROR', message: 'Invalid request' } };
    }
    this.seq += 1;
    const payout: FakeXenditPayout = {
      id: `disb-${String(this.seq).padStart(8, '0')}`,
      reference_id: body.reference_id,
      idempotencyKey: key,
      channel_code: channel,
      account_number: String(properties.account_number),
      account_holder_name: String(properties.account_holder_name ?? ''),
      amount,
      currency: 'PHP',
      status: 'ACCEPTED',
      created: this.now().toISOString(),
    };
    this.payouts.push(payout);
    const { idempotencyKey: _key, ...wire } = payout;
    return { status: 200, body: { ...wire, business_id: '5f27a14a9bf05c73dd040bc8' } };
  }

  private transactions(request: FakeRequest): FakeAnswer {
    const from = Date.parse(request.query.get('created[gte]') ?? '');
    const to = Date.parse(request.query.get('created[lt]') ?? '');
    const limit = Number(request.query.get('limit') ?? 10);
    const after = request.query.get('after_id');
    const all = this.payouts
      .filter((p) => p.status === 'SUCCEEDED' || p.status === 'FAILED')
      .filter((p) => Date.parse(p.created) >= from && Date.parse(p.created) < to)
      .map((p) => ({
        id: `txn_${p.id}`,
        product_id: p.id,
        type: 'DISBURSEMENT',
        status: p.status === 'SUCCEEDED' ? 'SUCCESS' : 'FAILED',
        channel_category: 'BANK',
        channel_code: p.channel_code,
        reference_id: p.reference_id,
        account_identifier: p.account_number,
        currency: 'PHP',
        amount: p.amount,
        cashflow: 'MONEY_OUT',
        settlement_status: 'SETTLED',
        business_id: '5f27a14a9bf05c73dd040bc8',
        fee: p.status === 'SUCCEEDED' ? FAKE_XENDIT_FEE : { xendit_fee: 0, value_added_tax: 0 },
        created: p.created,
        updated: p.created,
      }));
    const start = after ? all.findIndex((t) => t.id === after) + 1 : 0;
    const data = all.slice(start, start + limit);
    return { status: 200, body: { data, has_more: start + limit < all.length } };
  }
}
