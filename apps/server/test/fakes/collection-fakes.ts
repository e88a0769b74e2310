import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paymongoSignature } from '../../src/providers/collection/paymongo-collections.ts';

/**
 * Local fakes of PayMongo and Xendit that speak their documented wire formats (docs/providers.md lists the
 * pages): Basic auth with the secret key, their request and answer bodies, their error bodies, and their
 * webhooks as they sign them. `trouble` makes the next answers fail as real services sometimes do: a 5xx,
 * a 429 with Retry-After, or no answer at all (the client's timeout).
 */
export type Trouble = { kind: 'status'; status: number; retryAfter?: string } | { kind: 'hang' };

interface Delivery {
  headers: Record<string, string>;
  body: string;
}

abstract class FakeHttp {
  private server: Server | null = null;
  url = '';
  /** Requests as received, for tests that check what was sent. */
  readonly requests: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[] =
    [];
  private troubles: Trouble[] = [];
  private hanging: ServerResponse[] = [];

  constructor(readonly secretKey: string) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.receive(request, response));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The next `times` requests meet this trouble instead of an answer. */
  trouble(trouble: Trouble, times = 1): void {
    for (let i = 0; i < times; i++) this.troubles.push(trouble);
  }

  protected abstract route(
    method: string,
    path: string,
    body: string,
    headers: IncomingMessage['headers'],
  ): {
    status: number;
    body: unknown;
  };

  private async receive(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = request.url ?? '/';
    this.requests.push({ method: request.method ?? 'GET', path, headers: request.headers, body });
    const trouble = this.troubles.shift();
    if (trouble?.kind === 'hang') {
      this.hanging.push(response);
      return;
    }
    if (trouble?.kind === 'status') {
      response.writeHead(trouble.status, {
        'content-type': 'application/json',
        ...(trouble.retryAfter ? { 'retry-after': trouble.retryAfter } : {}),
      });
      response.end(JSON.stringify({ errors: [{ code: 'server_error' }], error_code: 'SERVER_ERROR' }));
      return;
    }
    const expected = `Basic ${Buffer.from(`${this.secretKey}:`).toString('base64')}`;
    const answer =
      request.headers.authorization === expected
        ? this.route(request.method ?? 'GET', path, body, request.headers)
        : this.unauthorized();
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  }

  protected abstract unauthorized(): { status: number; body: unknown };
}

function digits(count: number): string {
  let text = String(randomInt(1, 10));
  while (text.length < count) text += String(randomInt(0, 10));
  return text;
}

interface FakeSession {
  id: string;
  amount: number;
  methods: string[];
  metadata: Record<string, string>;
  referenceNumber: string;
}

interface FakePaymongoPayment {
  id: string;
  sessionId: string;
  amount: number;
  fee: number;
  paidAt: number;
  availableAt: number;
  metadata: Record<string, string>;
}

/** PayMongo: Checkout Sessions, the list of payments, and `checkout_session.payment.paid` webhooks. */
export class FakePaymongo extends FakeHttp {
  readonly sessions = new Map<string, FakeSession>();
  readonly payments: FakePaymongoPayment[] = [];

  constructor(
    readonly webhookSecret: string,
    readonly livemode = false,
  ) {
    super(
      livemode ? `sk_live_${randomBytes(12).toString('hex')}` : `sk_test_${randomBytes(12).toString('hex')}`,
    );
  }

  protected unauthorized() {
    return {
      status: 401,
      body: { errors: [{ code: 'api_key_invalid', detail: 'The API key is invalid.' }] },
    };
  }

  protected route(method: string, path: string, body: string) {
    if (method === 'POST' && path === '/v1/checkout_sessions') {
      const attributes = (JSON.parse(body) as { data?: { attributes?: Record<string, unknown> } }).data
        ?.attributes;
      const items = attributes?.line_items as { amount?: number; currency?: string }[] | undefined;
      const methods = attributes?.payment_method_types as string[] | undefined;
      if (!items?.[0]?.amount || items[0].currency !== 'PHP' || !methods?.length)
        return {
          status: 400,
          body: { errors: [{ code: 'parameter_required', detail: 'line_items and payment_method_types' }] },
        };
      const id = `cs_${randomBytes(12).toString('hex')}`;
      this.sessions.set(id, {
        id,
        amount: items[0].amount,
        methods,
        metadata: (attributes?.metadata ?? {}) as Record<string, string>,
        referenceNumber: String(attributes?.reference_number ?? ''),
      });
      return {
        status: 200,
        body: {
          data: {
            id,
            type: 'checkout_session',
            attributes: { checkout_url: `https://checkout.paymongo.com/${id}`, status: 'active' },
          },
        },
      };
    }
    if (method === 'GET' && path.startsWith('/v1/payments')) {
      // Newest first, paged by cursor as PayMongo's list endpoints are: `limit` (default 10) and `after`,
      // the id of the last payment of the page before; `has_more` says whether another page follows.
      const query = new URL(path, 'http://fake').searchParams;
      const limit = Number(query.get('limit') ?? 10);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100)
        return {
          status: 400,
          body: { errors: [{ code: 'parameter_invalid', source: { attribute: 'limit' } }] },
        };
      const newestFirst = [...this.payments].reverse();
      const after = query.get('after');
      const start = after ? newestFirst.findIndex((p) => p.id === after) + 1 : 0;
      const page = newestFirst.slice(start, start + limit);
      return {
        status: 200,
        body: {
          has_more: start + limit < newestFirst.length,
          data: page.map((p) => ({
            id: p.id,
            type: 'payment',
            attributes: {
              amount: p.amount,
              fee: p.fee,
              net_amount: p.amount - p.fee,
              currency: 'PHP',
              status: 'paid',
              livemode: this.livemode,
              paid_at: p.paidAt,
              available_at: p.availableAt,
              created_at: p.paidAt,
              metadata: p.metadata,
            },
          })),
        },
      };
    }
    return { status: 404, body: { errors: [{ code: 'resource_not_found' }] } };
  }

  /**
   * The payer pays a session (`amount` defaults to what it asks): the payment is recorded and the signed
   * `checkout_session.payment.paid` delivery is answered for the test to post to our webhook.
   */
  pay(
    sessionId: string,
    options: { amount?: number; at: Date; settleAfterDays?: number; fee?: number },
  ): { payment: FakePaymongoPayment; delivery: Delivery } {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`No session ${sessionId}`);
    const amount = options.amount ?? session.amount;
    const paidAt = Math.floor(options.at.getTime() / 1000);
    const payment: FakePaymongoPayment = {
      id: `pay_${randomBytes(12).toString('hex')}`,
      sessionId,
      amount,
      fee: options.fee ?? Math.round(amount * 0.025),
      paidAt,
      availableAt: paidAt + (options.settleAfterDays ?? 1) * 86_400,
      metadata: session.metadata,
    };
    this.payments.push(payment);
    return { payment, delivery: this.paidEvent(session, payment, options.at) };
  }

  /** The webhook body PayMongo posts for a paid checkout session, signed at `at`. */
  paidEvent(session: FakeSession, payment: FakePaymongoPayment, at: Date): Delivery {
    const body = JSON.stringify({
      data: {
        id: `evt_${randomBytes(12).toString('hex')}`,
        type: 'event',
        attributes: {
          type: 'checkout_session.payment.paid',
          livemode: this.livemode,
          data: {
            id: session.id,
            type: 'checkout_session',
            attributes: {
              reference_number: session.referenceNumber,
              metadata: session.metadata,
              payment_method_used: session.methods[0],
              payments: [
                {
                  id: payment.id,
                  type: 'payment',
                  attributes: {
                    amount: payment.amount,
                    fee: payment.fee,
                    net_amount: payment.amount - payment.fee,
                    currency: 'PHP',
                    status: 'paid',
                    paid_at: payment.paidAt,
                    metadata: session.metadata,
                  },
                },
              ],
            },
          },
          created_at: Math.floor(at.getTime() / 1000),
        },
      },
    });
    return { headers: this.signed(body, at), body };
  }

  /** `Paymongo-Signature: t=…,te=…,li=…`: the mode's part signed, the other empty, as PayMongo sends it. */
  signed(body: string, at: Date, secret = this.webhookSecret): Record<string, string> {
    const t = Math.floor(at.getTime() / 1000);
    const signature = paymongoSignature(secret, t, body);
    return {
      'content-type': 'application/json',
      'paymongo-signature': `t=${t},te=${this.livemode ? '' : signature},li=${this.livemode ? signature : ''}`,
    };
  }
}

interface FakePaymentRequest {
  id: string;
  referenceId: string;
  type: 'PAY' | 'REUSABLE_PAYMENT_CODE';
  channelCode: string;
  amount: number | null;
  code: string;
}

interface FakeXenditPayment {
  id: string;
  request: FakePaymentRequest;
  pesos: number;
  created: string;
  settlesAt: string;
  fee: number;
}

/** Xendit: Payments API v3 payment requests (idempotent by key), the Transactions API, payment webhooks. */
export class FakeXendit extends FakeHttp {
  readonly paymentRequests = new Map<string, FakePaymentRequest>();
  private readonly byKey = new Map<string, FakePaymentRequest>();
  readonly payments: FakeXenditPayment[] = [];

  constructor(
    readonly callbackToken = randomBytes(24).toString('hex'),
    /** The account's secret key; the payouts' fake of the same account shares it (xendit-account-fake.ts). */
    secretKey = `xnd_development_${randomBytes(20).toString('hex')}`,
  ) {
    super(secretKey);
  }

  protected unauthorized() {
    return { status: 401, body: { error_code: 'INVALID_API_KEY', message: 'API key is not authorized' } };
  }

  protected route(method: string, path: string, body: string, headers: IncomingMessage['headers']) {
    if (method === 'POST' && path === '/v3/payment_requests') {
      if (headers['api-version'] !== '2024-11-11')
        return { status: 400, body: { error_code: 'API_VALIDATION_ERROR', message: 'api-version' } };
      const key = String(headers['idempotency-key'] ?? '');
      const repeated = key ? this.byKey.get(key) : undefined;
      if (repeated) return { status: 201, body: this.answer(repeated) };
      const input = JSON.parse(body) as Record<string, unknown>;
      const type = input.type as FakePaymentRequest['type'];
      const channelCode = String(input.channel_code ?? '');
      const amount = typeof input.request_amount === 'number' ? input.request_amount : null;
      if (
        input.country !== 'PH' ||
        input.currency !== 'PHP' ||
        !input.reference_id ||
        (type === 'PAY') !== (amount !== null)
      )
        return { status: 400, body: { error_code: 'API_VALIDATION_ERROR', message: 'invalid request' } };
      if (!['7ELEVEN', 'MLHUILLIER', 'RD_PAWNSHOP', 'BANK_TRANSFER'].includes(channelCode))
        return { status: 400, body: { error_code: 'CHANNEL_NOT_ACTIVATED', message: channelCode } };
      const created: FakePaymentRequest = {
        id: `pr-${randomBytes(16).toString('hex')}`,
        referenceId: String(input.reference_id),
        type,
        channelCode,
        amount,
        code: channelCode === 'BANK_TRANSFER' ? `9988${digits(12)}` : `XND${digits(9)}`,
      };
      this.paymentRequests.set(created.id, created);
      if (key) this.byKey.set(key, created);
      return { status: 201, body: this.answer(created) };
    }
    if (method === 'GET' && path.startsWith('/transactions')) {
      return {
        status: 200,
        body: {
          has_more: false,
          data: this.payments.map((p) => ({
            id: `txn_${p.id}`,
            product_id: p.id,
            type: 'PAYMENT',
            status: 'SUCCESS',
            channel_category: p.request.channelCode === 'BANK_TRANSFER' ? 'VIRTUAL_ACCOUNT' : 'RETAIL_OUTLET',
            channel_code: p.request.channelCode,
            reference_id: p.request.referenceId,
            account_identifier: p.request.code,
            currency: 'PHP',
            amount: p.pesos,
            cashflow: 'MONEY_IN',
            settlement_status: 'SETTLED',
            estimated_settlement_time: p.settlesAt,
            fee: {
              xendit_fee: p.fee,
              value_added_tax: 0,
              xendit_withholding_tax: 0,
              third_party_withholding_tax: 0,
            },
            created: p.created,
            updated: p.created,
          })),
        },
      };
    }
    return { status: 404, body: { error_code: 'NOT_FOUND', message: path } };
  }

  private answer(request: FakePaymentRequest) {
    return {
      payment_request_id: request.id,
      reference_id: request.referenceId,
      type: request.type,
      country: 'PH',
      currency: 'PHP',
      channel_code: request.channelCode,
      ...(request.amount === null ? {} : { request_amount: request.amount }),
      status: request.type === 'PAY' ? 'REQUIRES_ACTION' : 'ACCEPTING_PAYMENTS',
      actions: [
        {
          type: 'PRESENT_TO_CUSTOMER',
          descriptor: request.channelCode === 'BANK_TRANSFER' ? 'VIRTUAL_ACCOUNT_NUMBER' : 'PAYMENT_CODE',
          value: request.code,
        },
      ],
    };
  }

  /** Someone pays a code or account (`pesos` defaults to what was asked): the signed `payment.capture`. */
  pay(code: string, options: { pesos?: number; at: Date; settleAfterDays?: number }) {
    const request = [...this.paymentRequests.values()].find((r) => r.code === code);
    if (!request) throw new Error(`No payment code ${code}`);
    const pesos = options.pesos ?? request.amount ?? 0;
    const payment: FakeXenditPayment = {
      id: `py-${randomBytes(16).toString('hex')}`,
      request,
      pesos,
      created: options.at.toISOString(),
      settlesAt: new Date(options.at.getTime() + (options.settleAfterDays ?? 1) * 86_400_000).toISOString(),
      fee: 15,
    };
    this.payments.push(payment);
    return { payment, delivery: this.event('payment.capture', payment, 'SUCCEEDED') };
  }

  event(name: string, payment: FakeXenditPayment, status: string, token = this.callbackToken): Delivery {
    const body = JSON.stringify({
      event: name,
      business_id: '6094fa76c2fd53701b8e079c',
      created: payment.created,
      data: {
        payment_id: payment.id,
        business_id: '6094fa76c2fd53701b8e079c',
        status,
        payment_request_id: payment.request.id,
        request_amount: payment.pesos,
        channel_code: payment.request.channelCode,
        country: 'PH',
        currency: 'PHP',
        reference_id: payment.request.referenceId,
        type: payment.request.type,
        created: payment.created,
        updated: payment.created,
      },
    });
    return { headers: { 'content-type': 'application/json', 'x-callback-token': token }, body };
  }
}
