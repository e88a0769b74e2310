import { API, type ApiName } from '@hiram/contract/api/routes';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { encryptPath } from '@hiram/contract/cipher';
import { ERRORS } from '@hiram/contract/errors';
import { FIELD_MESSAGES } from '@hiram/contract/field-messages';
import { MINIMUM_REPAYMENT } from '@hiram/contract/repayment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, webhookSignature } from '../../src/domain/webhook-signature.ts';
import { ANSWERS, BASIC_INFO } from '../application-fixtures.ts';
import { type Answer, freshAddress, startTestServer, type TestServer } from '../helper.ts';
import { repayingLoan, sendCollectionEvent } from '../repayment-fixtures.ts';

/**
 * Text PostgreSQL cannot store (NUL, unpaired surrogates) is refused once, by the contract's rule, with
 * 40001 naming the field: in JSON, form and query input, nested fields and the signed webhooks alike.
 * Before the rule each of these answered 500 (a webhook's 500 makes the provider retry forever).
 */
let server: TestServer;
let token: string;
let productId: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await server.signIn()).token;
  productId = ((await server.call('productList')).body.data as { productId: string }[])[0]?.productId ?? '';
});
afterAll(() => server.close());

const UNSTORABLE = { nul: 'a\u0000b', 'lone high surrogate': 'a\uD800b', 'lone low surrogate': '\uDC00' };

function expectRefused(answer: Answer, field: string) {
  expect(answer.status).toBe(400);
  expect(answer.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
  expect(answer.body.data).toEqual({
    fields: [{ field, message: FIELD_MESSAGES.unsupportedCharacters.en }],
  });
}

function url(name: ApiName, query = '') {
  return `/api/${encryptPath(API[name].path, DEFAULT_PACKAGE_NAME)}?t=1${query}`;
}

describe.each(Object.entries(UNSTORABLE))('a %s', (_, bad) => {
  it('in a JSON field of saveBasicInfo, apply and crash-log, and in a nested field', async () => {
    expectRefused(
      await server.call('saveBasicInfo', { ...BASIC_INFO, facebook: bad }, { token }),
      'facebook',
    );
    expectRefused(
      await server.call('saveBasicInfo', { ...BASIC_INFO, address: `12 ${bad}` }, { token }),
      'address',
    );
    expectRefused(
      await server.call('applyLoanOrder', { productId: bad, amount: 100_000, tenureDays: 91 }, { token }),
      'productId',
    );
    expectRefused(await server.call('crashLog', { message: bad }), 'message');
    const answers = ANSWERS.map((answer, index) => (index === 1 ? { ...answer, answer: bad } : answer));
    expectRefused(await server.call('saveQuestionnaire', { answers }, { token }), 'answers.1.answer');
  });

  it('in a signed collections, payout or identity webhook: a clear 400, never a 500', async () => {
    const webhooks = [
      {
        name: 'collectionCallback' as const,
        secret: server.config.collectionsWebhookSecret,
        body: { eventId: bad, instrumentId: 'i-1', outcome: 'paid', amount: 100, occurredAt: '2026-03-02' },
      },
      {
        name: 'payoutResult' as const,
        secret: server.config.payoutWebhookSecret,
        body: { eventId: 'e-1', payoutId: bad, outcome: 'paid', amount: 100 },
      },
      {
        name: 'identityProviderEcho' as const,
        secret: server.config.identityWebhookSecret,
        body: {
          eventId: 'e-2',
          verificationId: 'v-1',
          kind: 'ocr',
          outcome: 'passed',
          fields: { address: bad },
        },
      },
    ];
    const field = {
      collectionCallback: 'eventId',
      payoutResult: 'payoutId',
      identityProviderEcho: 'fields.address',
    };
    for (const webhook of webhooks) {
      const payload = JSON.stringify(webhook.body);
      const timestamp = Math.floor(server.clock.now().getTime() / 1000);
      const answer = await server.request({
        method: 'POST',
        url: url(webhook.name),
        headers: {
          'content-type': 'application/json',
          [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: webhookSignature(webhook.secret, timestamp, payload),
        },
        payload,
        remoteAddress: freshAddress(),
      });
      expectRefused(answer, field[webhook.name]);
    }
  });
});

describe('the signed webhooks about a real payment and a real payout', () => {
  it('answer 400 naming the field, and change nothing, so the provider does not retry forever', async () => {
    const { token, orderId } = await repayingLoan(server);
    const counter = await server.call(
      'counterReference',
      { orderNo: orderId, payOrderId: '1', amount: MINIMUM_REPAYMENT, channel: 'seven_eleven' },
      { token },
    );
    const due = (await server.call('repaymentDetail', { orderNo: orderId }, { token })).body.data.totalDue;
    for (const [field, bad] of [
      ['eventId', 'evt\u0000'],
      ['occurredAt', '2026-03-02\uD800'],
    ] as const) {
      const event = {
        eventId: `evt-${orderId}`,
        instrumentId: counter.body.data.instrumentId,
        outcome: 'paid' as const,
        amount: MINIMUM_REPAYMENT,
        occurredAt: server.clock.now().toISOString(),
        [field]: bad,
      };
      expectRefused(await sendCollectionEvent(server, event), field);
    }
    expect((await server.call('repaymentDetail', { orderNo: orderId }, { token })).body.data.totalDue).toBe(
      due,
    );

    const [payout] = await server.db.query<{ payout_id: string; amount: number }>(
      'select payout_id, amount from payouts where order_id = $1',
      [orderId],
    );
    const payload = JSON.stringify({
      eventId: 'evt-\u0000',
      payoutId: payout?.payout_id,
      outcome: 'failed',
      amount: payout?.amount,
    });
    const timestamp = Math.floor(server.clock.now().getTime() / 1000);
    const answer = await server.request({
      method: 'POST',
      url: url('payoutResult'),
      headers: {
        'content-type': 'application/json',
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: webhookSignature(server.config.payoutWebhookSecret, timestamp, payload),
      },
      payload,
    });
    expectRefused(answer, 'eventId');
  }, 60_000);
});

describe('NUL through the encodings that carry only text', () => {
  it('in a form body', async () => {
    const answer = await server.request({
      method: 'POST',
      url: url('crashLog'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'message=oops%00&url=%23%2F',
      remoteAddress: freshAddress(),
    });
    expectRefused(answer, 'message');
  });

  it('in a query parameter of step-amount and product-info', async () => {
    expectRefused(await server.call('stepAmount', { productId: `${productId}\u0000` }), 'productId');
    expectRefused(
      await server.call('confirmProductInfo', { productId: 'a\u0000b', amount: 100_000, tenureDays: 91 }),
      'productId',
    );
    expectRefused(
      await server.request({ method: 'GET', url: url('stepAmount', '&productId=x%00y') }),
      'productId',
    );
  });

  it('a surrogate cannot come through a URL: its bytes decode as U+FFFD, an unknown product', async () => {
    const answer = await server.request({ method: 'GET', url: url('stepAmount', '&productId=x%ED%A0%80') });
    expect(answer.status).toBeLessThan(500);
  });

  it('in a multipart field: refused, not stored', async () => {
    const answer = await server.upload(
      'uploadIdFront',
      { file: Buffer.from('x'), fields: { cardType: '5\u0000' } },
      { token },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.data).toEqual({ fields: [{ field: 'cardType', message: FIELD_MESSAGES.invalid.en }] });
  });
});

it('ignores an unknown field, whatever it holds, as it ignores any unknown field', async () => {
  const answer = await server.call('crashLog', { message: 'TypeError', junk: 'a\u0000b', 'k\uD800': 1 });
  expect(answer.status).toBe(200);
});
