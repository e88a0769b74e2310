import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderUnavailableError } from '../../src/providers/outbound.ts';
import type { PayoutResultEvent } from '../../src/providers/payout/payout-provider.ts';
import { centavosOf, payoutFailureOf, XenditPayout } from '../../src/providers/payout/xendit-payout.ts';
import { XENDIT_PAYOUT_WEBHOOK_PATH } from '../../src/routes/webhooks/xendit-payouts.ts';
import { PROVIDER_DOWN_RETRY_MS } from '../../src/services/payouts/disbursements.ts';
import { XenditFake } from '../fakes/xendit-fake.ts';
import { startTestServer, type TestServer } from '../helper.ts';
import { GOOD_WALLET, signedOrder } from '../payout-fixtures.ts';

/** Xendit's adapter and webhook against its fake: wire format and failure modes (docs/providers.md). */
const TOKEN = 'verification-token-0123456789';
let server: TestServer;
let fake: XenditFake;
/** What the server logs at warn level and above: what operations see. */
const log: Array<{ msg: string; level: number; [key: string]: unknown }> = [];

beforeAll(async () => {
  fake = await new XenditFake().start();
  server = await startTestServer({
    config: {
      assessmentDelaySeconds: 0,
      payoutProvider: 'xendit',
      xendit: { secretKey: fake.secretKey, callbackToken: TOKEN, baseUrl: fake.baseUrl },
      logLevel: 'warn',
    },
    logDestination: { write: (line: string) => void log.push(JSON.parse(line)) },
  });
  fake.now = () => server.clock.now();
}, 60_000);
afterAll(async () => {
  await server.close();
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

function postWebhook(body: unknown, token: string | null = TOKEN) {
  return server.request({
    method: 'POST',
    url: XENDIT_PAYOUT_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { 'x-callback-token': token }) },
    payload: JSON.stringify(body),
  });
}

async function lending(accountNumber = GOOD_WALLET) {
  const borrower = await signedOrder(server, accountNumber);
  expect(
    (await server.call('getMoney', { orderId: borrower.orderId }, { token: borrower.token })).status,
  ).toBe(200);
  const [payout] = await server.db.query<{ payout_id: string }>(
    'select payout_id from payouts where order_id = $1',
    [borrower.orderId],
  );
  return { ...borrower, payoutId: payout?.payout_id ?? '' };
}

async function orderStatus(orderId: string) {
  return (
    await server.db.query<{ status: number }>('select status from loan_orders where order_id = $1', [orderId])
  )[0]?.status;
}

async function payoutState(payoutId: string) {
  return (
    await server.db.query<{ state: string; failure: string | null }>(
      'select state, failure from payouts where payout_id = $1',
      [payoutId],
    )
  )[0];
}

/** The adapter alone, its outbound client on a clock that does not sleep. */
function adapter(delivered: PayoutResultEvent[] = [], secretKey = fake.secretKey) {
  return new XenditPayout(
    server.db,
    server.app.jobs,
    {
      secretKey,
      baseUrl: fake.baseUrl,
      // Constructing an adapter takes over the account-check job: it must answer as the app's does.
      deliver: async (result) => {
        await server.app.payoutAccounts.applyVerification(result);
      },
      deliverResult: async (event) => {
        delivered.push(event);
      },
      outbound: { sleep: async () => {}, timeoutMs: 200 },
    },
    server.clock,
  );
}

const request = (payoutId: string, overrides: Record<string, unknown> = {}) => ({
  payoutId,
  amount: 485_050,
  accountKind: 'bank' as const,
  bankCode: 'BDO',
  accountNumber: '001234567890',
  holderName: 'Maria Clara Dela Cruz',
  packageName: 'ph.hiram.app',
  ...overrides,
});

describe('XenditPayout requests', () => {
  it('creates a payout with Basic auth, the payout id as Idempotency-key and reference, in pesos', async () => {
    await adapter().requestPayout(request('0b5e0c9e-0000-4000-8000-000000000001'));
    const [sent] = fake.requests;
    expect(sent).toMatchObject({ method: 'POST', path: '/v2/payouts' });
    expect(sent?.headers.authorization).toBe(`Basic ${Buffer.from(`${fake.secretKey}:`).toString('base64')}`);
    expect(sent?.headers['idempotency-key']).toBe('0b5e0c9e-0000-4000-8000-000000000001');
    expect(JSON.parse(sent?.body ?? '')).toEqual({
      reference_id: '0b5e0c9e-0000-4000-8000-000000000001',
      channel_code: 'PH_BDO',
      channel_properties: { account_number: '001234567890', account_holder_name: 'Maria Clara Dela Cruz' },
      amount: 4850.5,
      currency: 'PHP',
      description: 'Loan proceeds',
    });
  });

  it('retries a timeout or a 5xx with the same key, and takes a duplicate answer as made', async () => {
    fake.fail('hang', { status: 503 });
    await adapter().requestPayout(request('0b5e0c9e-0000-4000-8000-000000000002'));
    const keys = fake.requests.map((r) => r.headers['idempotency-key']);
    expect(keys).toEqual(Array(3).fill('0b5e0c9e-0000-4000-8000-000000000002'));
    expect(
      fake.payouts.filter((p) => p.reference_id === '0b5e0c9e-0000-4000-8000-000000000002'),
    ).toHaveLength(1);

    // The job runs again after a crash: Xendit answers DUPLICATE_TRANSACTION_ERROR, nothing more is made.
    const delivered: PayoutResultEvent[] = [];
    await adapter(delivered).requestPayout(request('0b5e0c9e-0000-4000-8000-000000000002'));
    expect(fake.requests.at(-1)?.path).toBe('/v2/payouts');
    expect(delivered).toEqual([]);
  });

  it('fails the payout at once when Xendit refuses the destination or the channel', async () => {
    const delivered: PayoutResultEvent[] = [];
    await adapter(delivered).requestPayout(
      request('0b5e0c9e-0000-4000-8000-000000000003', { accountNumber: '12' }),
    );
    fake.unlisted.add('PH_TONIK');
    await adapter(delivered).requestPayout(
      request('0b5e0c9e-0000-4000-8000-000000000004', { bankCode: 'TONIK' }),
    );
    fake.unlisted.clear();
    expect(delivered).toEqual([
      {
        eventId: 'xendit-refused-0b5e0c9e-0000-4000-8000-000000000003',
        payoutId: '0b5e0c9e-0000-4000-8000-000000000003',
        outcome: 'failed',
        amount: 485_050,
        failure: 'accountRejected',
      },
      expect.objectContaining({
        payoutId: '0b5e0c9e-0000-4000-8000-000000000004',
        failure: 'accountRejected',
      }),
    ]);
  });

  it('keeps the payout waiting when Xendit refuses our key (operations must fix it), and never sends the key elsewhere', async () => {
    const error = await adapter([], `xnd_development_${'Wrong'.repeat(8)}`)
      .requestPayout(request('0b5e0c9e-0000-4000-8000-000000000005'))
      .catch((e: unknown) => e);
    expect(String(error)).toContain('check XENDIT_SECRET_KEY');
    expect(String(error)).not.toContain('Wrong');
  });

  it('fails fast with ProviderUnavailableError when Xendit keeps failing', async () => {
    fake.fail({ status: 500 }, { status: 500 }, { status: 500 });
    const error = await adapter()
      .requestPayout(request('0b5e0c9e-0000-4000-8000-000000000006'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error).toMatchObject({ provider: 'xendit', reason: 'serverError' });
  });

  it('names at start the institutions Xendit lists no channel for, and a refused key', async () => {
    fake.unlisted.add('PH_OFB');
    expect(await adapter().checkCredentials()).toEqual({ verdict: 'valid', missingChannels: ['OFB'] });
    fake.unlisted.clear();
    expect(await adapter([], `xnd_development_${'Wrong'.repeat(8)}`).checkCredentials()).toEqual({
      verdict: 'refused',
      missingChannels: [],
    });
  });

  it('maps failure codes and amounts', () => {
    expect(payoutFailureOf('INVALID_DESTINATION')).toBe('accountRejected');
    expect(payoutFailureOf('INSUFFICIENT_BALANCE')).toBe('providerRejected');
    expect(payoutFailureOf(undefined)).toBe('providerRejected');
    expect([centavosOf(4850.5), centavosOf(0.29), centavosOf(19.99)]).toEqual([485_050, 29, 1999]);
  });
});

describe('Xendit down while a loan is paid out', () => {
  it('never gives the payout up: it asks again later with the same key, and pays once', async () => {
    const { payoutId } = await lending();
    // Three attempts of the job, all refused: below the breaker's threshold, so this tells the retry apart.
    fake.fail({ status: 503 }, { status: 503 }, { status: 503 });
    await server.settle();
    expect(await payoutState(payoutId)).toEqual({ state: 'queued', failure: null });
    expect(fake.payouts.filter((p) => p.reference_id === payoutId)).toHaveLength(0);

    server.clock.advance(PROVIDER_DOWN_RETRY_MS / 1000);
    await server.settle();
    expect(await payoutState(payoutId)).toEqual({ state: 'requested', failure: null });
    expect(fake.payouts.filter((p) => p.reference_id === payoutId)).toHaveLength(1);
  });
});

describe('Xendit payout webhook', () => {
  it('refuses a missing or wrong x-callback-token, changing nothing', async () => {
    const { orderId, payoutId } = await lending();
    await server.settle();
    const body = fake.webhook(payoutId, 'SUCCEEDED');
    for (const token of [null, 'not-the-token-at-all', `${TOKEN} `]) {
      const answer = await postWebhook(body, token);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: 40101 });
    }
    expect(await orderStatus(orderId)).toBe(S.lending);
    expect(log.some((l) => l.msg.includes('x-callback-token'))).toBe(true);
  });

  it('applies a result once; a late, contrary result changes nothing', async () => {
    const { orderId, payoutId } = await lending();
    await server.settle();
    const paid = fake.webhook(payoutId, 'SUCCEEDED');
    const first = await postWebhook(paid);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ code: 0, data: { received: true } });
    expect((await postWebhook(paid)).status).toBe(200);
    expect((await postWebhook(fake.webhook(payoutId, 'FAILED', 'INVALID_DESTINATION'))).status).toBe(200);
    expect(await orderStatus(orderId)).toBe(S.repaying);
    expect(await payoutState(payoutId)).toEqual({ state: 'succeeded', failure: null });
    expect((await server.app.ledger.journals(server.db, orderId)).map((j) => j.kind)).toEqual([
      'disbursement',
    ]);
  });

  it('sends a failure for a reason of Xendit’s or the lender’s to the queue as providerRejected', async () => {
    const { orderId, payoutId } = await lending();
    await server.settle();
    expect((await postWebhook(fake.webhook(payoutId, 'FAILED', 'INSUFFICIENT_BALANCE'))).status).toBe(200);
    expect(await orderStatus(orderId)).toBe(S.payFail);
    expect(await payoutState(payoutId)).toEqual({ state: 'failed', failure: 'providerRejected' });
  });

  it('refuses an amount other than the payout’s (Xendit retries), and logs it for a person', async () => {
    const { orderId, payoutId } = await lending();
    await server.settle();
    const body = fake.webhook(payoutId, 'SUCCEEDED');
    body.data.amount += 1;
    const answer = await postWebhook(body);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 40980 });
    expect(await orderStatus(orderId)).toBe(S.lending);
    expect(log.some((l) => l.level >= 50 && l.msg.includes('amount differs'))).toBe(true);
  });

  it('acknowledges what is not a result of ours: other statuses, other systems’ payouts, a reversal', async () => {
    const { payoutId } = await lending();
    await server.settle();
    const accepted = fake.webhook(payoutId, 'SUCCEEDED');
    expect((await postWebhook({ ...accepted, event: 'payout.accepted' })).status).toBe(200);
    const foreign = { ...accepted, data: { ...accepted.data, reference_id: 'ORDER-FROM-ANOTHER-SYSTEM' } };
    expect((await postWebhook(foreign)).status).toBe(200);
    expect((await postWebhook(fake.webhook(payoutId, 'REVERSED'))).status).toBe(200);
    expect(log.some((l) => l.level >= 50 && l.msg.includes('payout reversed'))).toBe(true);
  });

  it('answers a body that is not Xendit’s with a clear 400, never a 5xx', async () => {
    const answer = await postWebhook({ event: 'payout.succeeded', data: { amount: 'lots' } });
    expect(answer.status).toBe(400);
  });
});
