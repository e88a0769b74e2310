import { ERRORS } from '@hiram/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/db/database.ts';
import { AppError } from '../../src/domain/app-error.ts';
import type { InstrumentRequest } from '../../src/providers/collection/collection-provider.ts';
import { collectionKeys } from '../../src/providers/collection/collections-config.ts';
import {
  checkPaymongoSignature,
  PaymongoCollections,
  paymongoSignature,
} from '../../src/providers/collection/paymongo-collections.ts';
import { XenditCollections } from '../../src/providers/collection/xendit-collections.ts';
import { createOutboundClient } from '../../src/providers/outbound.ts';
import { FakePaymongo, FakeXendit } from '../fakes/collection-fakes.ts';

/**
 * The PayMongo and Xendit adapters against their local fakes (docs/providers.md): the wire format, the
 * signature and token checks, and the failure modes (timeout, 5xx, 429, refusals, a provider down) as the
 * borrower meets them: a clear 50306, never a hang. The outbound client's sleeps move a clock.
 */
const NOW = new Date('2026-03-02T01:00:00.000Z');
const tx = {} as Queryable;

function request(overrides: Partial<InstrumentRequest> = {}): InstrumentRequest {
  return {
    instrumentId: crypto.randomUUID(),
    packageName: 'ph.hiram.app',
    channel: 'gcash',
    kind: 'checkout',
    amount: 60_000,
    expiresAt: new Date(NOW.getTime() + 86_400_000),
    returnUrl: 'https://hiram.example/#/repay/repay_detail?orderNo=x',
    payeeName: 'Hiram Lending Corp.',
    ...overrides,
  };
}

function client(provider: string) {
  const slept: number[] = [];
  return {
    slept,
    client: createOutboundClient({
      provider,
      timeoutMs: 200,
      maxAttempts: 3,
      failureThreshold: 3,
      coolDownMs: 60_000,
      sleep: async (ms) => {
        slept.push(ms);
      },
    }),
  };
}

async function codeOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 0;
  } catch (error) {
    if (error instanceof AppError) return ERRORS[error.key].code;
    throw error;
  }
}

describe('PayMongo-Signature', () => {
  const secret = 'whsk_testsecret0123456789';
  const body = '{"data":{"id":"evt_1","attributes":{"type":"checkout_session.payment.paid"}}}';
  const t = Math.floor(NOW.getTime() / 1000);
  const sig = paymongoSignature(secret, t, body);

  it('accepts the test signature (te) with a test key and the live one (li) with a live key', () => {
    expect(
      checkPaymongoSignature({ webhookSecret: secret, livemode: false }, `t=${t},te=${sig},li=`, body, NOW),
    ).toBe('valid');
    expect(
      checkPaymongoSignature({ webhookSecret: secret, livemode: true }, `t=${t},te=,li=${sig}`, body, NOW),
    ).toBe('valid');
  });

  it("refuses the other mode's part, a changed body, another secret and a malformed header", () => {
    const test = { webhookSecret: secret, livemode: false };
    expect(checkPaymongoSignature(test, `t=${t},te=,li=${sig}`, body, NOW)).toBe('mismatch');
    expect(checkPaymongoSignature(test, `t=${t},te=${sig},li=`, body.replace('evt_1', 'evt_2'), NOW)).toBe(
      'mismatch',
    );
    expect(
      checkPaymongoSignature(
        { ...test, webhookSecret: 'whsk_other0123456789' },
        `t=${t},te=${sig},li=`,
        body,
        NOW,
      ),
    ).toBe('mismatch');
    expect(checkPaymongoSignature(test, `te=${sig}`, body, NOW)).toBe('mismatch');
    expect(checkPaymongoSignature(test, undefined, body, NOW)).toBe('missing');
  });

  it('refuses a replay: a signature more than 5 minutes old, or a timestamp changed to look fresh', () => {
    const test = { webhookSecret: secret, livemode: false };
    const later = new Date(NOW.getTime() + 301_000);
    expect(checkPaymongoSignature(test, `t=${t},te=${sig},li=`, body, later)).toBe('outsideWindow');
    const fresh = Math.floor(later.getTime() / 1000);
    expect(checkPaymongoSignature(test, `t=${fresh},te=${sig},li=`, body, later)).toBe('mismatch');
  });
});

describe('the PayMongo adapter', () => {
  let fake: FakePaymongo;
  beforeAll(async () => {
    fake = await new FakePaymongo('whsk_adapter0123456789').start();
  });
  afterAll(() => fake.stop());

  function adapter() {
    const made = client('paymongo');
    const keys = {
      secretKey: fake.secretKey,
      webhookSecret: fake.webhookSecret,
      livemode: false,
      apiUrl: fake.url,
    };
    return { ...made, paymongo: new PaymongoCollections(keys, made.client) };
  }

  it('creates a checkout session with the channel, the amount in centavos and our instrument id', async () => {
    const { paymongo } = adapter();
    const asked = request({ channel: 'maya', amount: 123_45 });
    const issued = await paymongo.issue(tx, asked);
    expect(issued.checkoutUrl).toBe(`https://checkout.paymongo.com/${issued.reference}`);
    const sent = JSON.parse(fake.requests.at(-1)?.body ?? '{}').data.attributes;
    expect(sent).toMatchObject({
      line_items: [{ currency: 'PHP', amount: 123_45, quantity: 1 }],
      payment_method_types: ['paymaya'],
      reference_number: asked.instrumentId,
      metadata: { instrument_id: asked.instrumentId },
      success_url: asked.returnUrl,
    });
  });

  it('reads a paid checkout session as one paid event per payment, and ignores other events and modes', async () => {
    const { paymongo } = adapter();
    const asked = request();
    const issued = await paymongo.issue(tx, asked);
    const { payment, delivery } = fake.pay(issued.reference, { at: NOW, amount: 50_000 });
    expect(paymongo.eventsOf(delivery.body)).toEqual([
      {
        eventId: payment.id,
        instrumentId: asked.instrumentId,
        outcome: 'paid',
        amount: 50_000,
        occurredAt: NOW.toISOString(),
      },
    ]);
    const failed = delivery.body.replace('checkout_session.payment.paid', 'payment.failed');
    expect(paymongo.eventsOf(failed)).toEqual([]);
    const live = delivery.body.replace('"livemode":false', '"livemode":true');
    expect(paymongo.eventsOf(live)).toEqual([]);
  });

  it('retries a 5xx and a 429 (after its Retry-After) and then issues', async () => {
    const { paymongo, slept } = adapter();
    fake.trouble({ kind: 'status', status: 502 });
    fake.trouble({ kind: 'status', status: 429, retryAfter: '2' });
    const issued = await paymongo.issue(tx, request());
    expect(issued.reference).toMatch(/^cs_/);
    expect(slept).toContain(2000);
  });

  it('answers 50306 when PayMongo does not answer in time, and then fails fast while its breaker is open', async () => {
    const { paymongo } = adapter();
    fake.trouble({ kind: 'hang' }, 3);
    expect(await codeOf(paymongo.issue(tx, request()))).toBe(ERRORS.COLLECTIONS_UNAVAILABLE.code);
    const before = fake.requests.length;
    expect(await codeOf(paymongo.issue(tx, request()))).toBe(ERRORS.COLLECTIONS_UNAVAILABLE.code);
    expect(fake.requests.length).toBe(before);
  });

  it("answers 50306 for PayMongo's own refusal (a revoked key), and 50307 for a channel it does not serve", async () => {
    const keys = {
      secretKey: 'sk_test_revoked0123456789',
      webhookSecret: fake.webhookSecret,
      livemode: false,
      apiUrl: fake.url,
    };
    const revoked = new PaymongoCollections(keys, client('paymongo').client);
    expect(await codeOf(revoked.issue(tx, request()))).toBe(ERRORS.COLLECTIONS_UNAVAILABLE.code);
    const { paymongo } = adapter();
    expect(await codeOf(paymongo.issue(tx, request({ channel: 'seven_eleven', kind: 'reference' })))).toBe(
      ERRORS.CHANNEL_NOT_OFFERED.code,
    );
  });

  it('reports the payments that became available on a Manila day, with fee and net', async () => {
    const { paymongo } = adapter();
    const asked = request();
    const issued = await paymongo.issue(tx, asked);
    const { payment } = fake.pay(issued.reference, { at: NOW, settleAfterDays: 2, fee: 1_500 });
    const day = new Date(NOW.getTime() + 2 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
    const report = await paymongo.settlementReport(day);
    expect(report).toContainEqual({
      reference: payment.id,
      merchantReference: asked.instrumentId,
      amount: 60_000,
      fee: 1_500,
      net: 58_500,
      status: 'settled',
      occurredAt: NOW.toISOString(),
      packageName: 'ph.hiram.app',
    });
    expect((await paymongo.settlementReport('2026-03-03')).map((l) => l.reference)).not.toContain(payment.id);
  });

  it('reads the list of payments page after page, by its `after` cursor', async () => {
    const { paymongo } = adapter();
    const issued = await paymongo.issue(tx, request());
    const { payment } = fake.pay(issued.reference, { at: NOW, settleAfterDays: 5 });
    // 120 newer payments (settling another day) push it onto the second page of 100.
    for (let i = 0; i < 120; i++) fake.pay(issued.reference, { at: new Date(NOW.getTime() + 60_000) });
    const day = new Date(NOW.getTime() + 5 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
    const before = fake.requests.length;
    expect((await paymongo.settlementReport(day)).map((l) => l.reference)).toEqual([payment.id]);
    const asked = fake.requests.slice(before).map((r) => r.path);
    expect(asked).toHaveLength(2);
    expect(asked[1]).toMatch(/[?&]after=pay_/);
  });
});

describe('the Xendit adapter', () => {
  let fake: FakeXendit;
  beforeAll(async () => {
    fake = await new FakeXendit().start();
  });
  afterAll(() => fake.stop());

  function adapter() {
    const made = client('xendit-collections');
    const keys = {
      secretKey: fake.secretKey,
      callbackToken: fake.callbackToken,
      livemode: false,
      apiUrl: fake.url,
    };
    return { ...made, xendit: new XenditCollections(keys, made.client) };
  }

  it('asks for a counter code in pesos, with our instrument id as reference and idempotency key', async () => {
    const { xendit } = adapter();
    const asked = request({ channel: 'seven_eleven', kind: 'reference', amount: 500_50 });
    const issued = await xendit.issue(tx, asked);
    expect(issued).toMatchObject({ accountNumber: null, checkoutUrl: null });
    const sent = fake.requests.at(-1);
    expect(sent?.headers['idempotency-key']).toBe(asked.instrumentId);
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
      reference_id: asked.instrumentId,
      type: 'PAY',
      country: 'PH',
      currency: 'PHP',
      request_amount: 500.5,
      channel_code: '7ELEVEN',
    });
    expect(fake.paymentRequests.size).toBeGreaterThan(0);
    expect([...fake.paymentRequests.values()].some((r) => r.code === issued.reference)).toBe(true);
  });

  it('repeats a payment request after a 503 with the same key, so Xendit makes one', async () => {
    const { xendit } = adapter();
    const asked = request({ channel: 'bank_transfer', kind: 'bankTransfer' });
    fake.trouble({ kind: 'status', status: 503 });
    const issued = await xendit.issue(tx, asked);
    const again = await xendit.issue(tx, asked);
    expect(again.accountNumber).toBe(issued.accountNumber);
    const keys = fake.requests.filter((r) => r.headers['idempotency-key'] === asked.instrumentId);
    expect(keys).toHaveLength(3);
    expect(
      [...fake.paymentRequests.values()].filter((r) => r.referenceId === asked.instrumentId),
    ).toHaveLength(1);
  });

  it("issues the loan's standing account number, payable in any amount", async () => {
    const { xendit } = adapter();
    const standing = await xendit.issueStandingReference('standing-1', {
      payeeName: 'Hiram Lending Corp.',
      packageName: 'ph.hiram.app',
    });
    expect(standing.accountNumber).toMatch(/^\d{16}$/);
    expect(JSON.parse(fake.requests.at(-1)?.body ?? '{}')).toMatchObject({
      type: 'REUSABLE_PAYMENT_CODE',
      channel_code: 'BANK_TRANSFER',
      reference_id: 'standing-1',
    });
    expect(JSON.parse(fake.requests.at(-1)?.body ?? '{}').request_amount).toBeUndefined();
    const { payment, delivery } = fake.pay(standing.accountNumber, { pesos: 1234.56, at: NOW });
    expect(xendit.eventsOf(delivery.body)).toEqual([
      {
        eventId: payment.id,
        instrumentId: 'standing-1',
        outcome: 'paid',
        amount: 123_456,
        occurredAt: NOW.toISOString(),
      },
    ]);
  });

  it('checks x-callback-token in constant time and refuses a missing or wrong one', () => {
    const { xendit } = adapter();
    expect(xendit.verify({ 'x-callback-token': fake.callbackToken }, '{}', NOW)).toBe('valid');
    expect(xendit.verify({ 'x-callback-token': `${fake.callbackToken}x` }, '{}', NOW)).toBe('mismatch');
    expect(xendit.verify({}, '{}', NOW)).toBe('missing');
  });

  it('maps a failed one-time payment to a failed event, and refuses a rate limit it cannot wait for', async () => {
    const { xendit } = adapter();
    const asked = request({ channel: 'mlhuillier', kind: 'reference' });
    const issued = await xendit.issue(tx, asked);
    const { payment } = fake.pay(issued.reference, { at: NOW });
    const failure = fake.event('payment.failure', payment, 'FAILED');
    expect(xendit.eventsOf(failure.body)).toMatchObject([
      { eventId: payment.id, outcome: 'failed', amount: 0 },
    ]);
    fake.trouble({ kind: 'status', status: 429, retryAfter: '3600' });
    expect(await codeOf(xendit.issue(tx, request({ channel: 'mlhuillier', kind: 'reference' })))).toBe(
      ERRORS.COLLECTIONS_UNAVAILABLE.code,
    );
  });

  it("reports the day's settled money-in with Xendit's fee, in centavos", async () => {
    const { xendit } = adapter();
    const asked = request({ channel: 'rd_pawnshop', kind: 'reference', amount: 700_00 });
    const issued = await xendit.issue(tx, asked);
    const { payment } = fake.pay(issued.reference, { at: NOW, settleAfterDays: 1 });
    const report = await xendit.settlementReport('2026-03-03');
    expect(report).toContainEqual(
      expect.objectContaining({
        reference: payment.id,
        merchantReference: asked.instrumentId,
        amount: 700_00,
        fee: 15_00,
        net: 685_00,
        status: 'settled',
      }),
    );
  });
});

describe('the collections settings', () => {
  it('names the missing or malformed setting, never its value', () => {
    const missing = collectionKeys('paymongo+xendit', {}, false);
    expect(missing.problems).toEqual([
      'PAYMONGO_SECRET_KEY is required when COLLECTIONS_PROVIDER uses paymongo',
      'PAYMONGO_WEBHOOK_SECRET is required when COLLECTIONS_PROVIDER uses paymongo',
      'XENDIT_SECRET_KEY is required when COLLECTIONS_PROVIDER uses xendit',
      'XENDIT_CALLBACK_TOKEN is required when COLLECTIONS_PROVIDER uses xendit',
    ]);
    const wrong = collectionKeys(
      'paymongo',
      { PAYMONGO_SECRET_KEY: 'pk_live_abcdefgh1234', PAYMONGO_WEBHOOK_SECRET: 'secret' },
      false,
    );
    expect(wrong.problems.join('\n')).not.toContain('pk_live_abcdefgh1234');
    expect(wrong.problems).toHaveLength(2);
  });

  it('refuses test keys in production unless ALLOW_SANDBOX_PROVIDERS says so', () => {
    const env = { PAYMONGO_SECRET_KEY: 'sk_test_abcdefgh1234', PAYMONGO_WEBHOOK_SECRET: 'whsk_abcdefgh1234' };
    expect(collectionKeys('paymongo', env, true).problems).toHaveLength(1);
    expect(
      collectionKeys('paymongo', { ...env, ALLOW_SANDBOX_PROVIDERS: 'true' }, true).keys?.paymongo?.livemode,
    ).toBe(false);
    expect(collectionKeys('sandbox', {}, true)).toEqual({ keys: null, problems: [] });
  });
});
