import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manilaDay } from '../../src/domain/servicing-rules.ts';
import { XENDIT_PAYOUT_WEBHOOK_PATH } from '../../src/routes/webhooks/xendit-payouts.ts';
import { XenditFake } from '../fakes/xendit-fake.ts';
import { startTestServer, type TestServer } from '../helper.ts';
import { GOOD_WALLET, REFUSED_WALLET, signedOrder } from '../payout-fixtures.ts';

/**
 * The payout contract: what every payout provider must do for Disbursements and the back office, run
 * against the sandbox and against each real adapter talking to its fake (docs/providers.md). The same
 * borrower journey each time: the account is checked, get-money pays it once per idempotency key, the
 * provider's result moves the loan (paid: repaying; refused: the failed-payout queue), a repeated result
 * changes nothing, and the day's settlement report lists the transfer with the provider's fee.
 */
interface Subject {
  server: TestServer;
  /** Transfers the provider made for a payout id. */
  transfers(payoutId: string): Promise<number> | number;
  /** Lets the provider answer a transfer: paid, or refused by the destination. Returns a redelivery. */
  answer(payoutId: string, outcome: 'paid' | 'refused'): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const SUBJECTS: Array<[string, () => Promise<Subject>]> = [
  [
    'sandbox',
    async () => {
      const server = await startTestServer({ config: { assessmentDelaySeconds: 0 } });
      return {
        server,
        transfers: async (payoutId) =>
          (
            await server.db.query<{ n: number }>(
              'select count(*)::int as n from sandbox_payouts where idempotency_key = $1',
              [payoutId],
            )
          )[0]?.n ?? 0,
        // The sandbox decides by the account number (REFUSED_WALLET) and answers through its job.
        answer: async () => {
          await server.settle();
          return async () => {
            await server.app.jobs.drain();
          };
        },
        close: () => server.close(),
      };
    },
  ],
  [
    'xendit',
    async () => {
      const fake = await new XenditFake().start();
      const server = await startTestServer({
        config: {
          assessmentDelaySeconds: 0,
          payoutProvider: 'xendit',
          xendit: {
            secretKey: fake.secretKey,
            callbackToken: 'verification-token-0123456789',
            baseUrl: fake.baseUrl,
          },
        },
      });
      fake.now = () => server.clock.now();
      const post = (body: unknown) =>
        server.request({
          method: 'POST',
          url: XENDIT_PAYOUT_WEBHOOK_PATH,
          headers: {
            'content-type': 'application/json',
            'x-callback-token': 'verification-token-0123456789',
          },
          payload: JSON.stringify(body),
        });
      return {
        server,
        transfers: (payoutId) => fake.payouts.filter((p) => p.reference_id === payoutId).length,
        answer: async (payoutId, outcome) => {
          await server.settle();
          const body =
            outcome === 'paid'
              ? fake.webhook(payoutId, 'SUCCEEDED')
              : fake.webhook(payoutId, 'FAILED', 'INVALID_DESTINATION');
          const first = await post(body);
          expect(first.status, JSON.stringify(first.body)).toBe(200);
          return async () => {
            const again = await post(body);
            expect(again.status).toBe(200);
          };
        },
        close: async () => {
          await server.close();
          await fake.close();
        },
      };
    },
  ],
];

describe.each(SUBJECTS)('payout contract: %s', (_name, setup) => {
  let subject: Subject;
  let server: TestServer;

  beforeAll(async () => {
    subject = await setup();
    server = subject.server;
  }, 60_000);
  afterAll(() => subject.close());

  async function lending(accountNumber: string) {
    const borrower = await signedOrder(server, accountNumber);
    const answer = await server.call('getMoney', { orderId: borrower.orderId }, { token: borrower.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [payout] = await server.db.query<{ payout_id: string }>(
      'select payout_id from payouts where order_id = $1',
      [borrower.orderId],
    );
    if (!payout) throw new Error('no payout');
    return { ...borrower, payoutId: payout.payout_id };
  }

  async function status(orderId: string) {
    const [row] = await server.db.query<{ status: number }>(
      'select status from loan_orders where order_id = $1',
      [orderId],
    );
    return row?.status;
  }

  it('checks the account, pays it once, and the paid result makes the loan repaying, once', async () => {
    const { orderId, payoutId, token } = await lending(GOOD_WALLET);
    const redeliver = await subject.answer(payoutId, 'paid');
    expect(await status(orderId)).toBe(S.repaying);
    expect(await subject.transfers(payoutId)).toBe(1);

    await redeliver();
    const journals = await server.app.ledger.journals(server.db, orderId);
    expect(journals.map((j) => j.kind)).toEqual(['disbursement']);
    const shown = await server.call('disbursement', { orderId }, { token });
    expect(shown.body.data).toMatchObject({ status: S.repaying, payout: { state: 'succeeded' } });
  });

  it('asks for one transfer per idempotency key however often the job runs', async () => {
    const { payoutId } = await lending(GOOD_WALLET);
    await server.settle();
    const [payout] = await server.db.query<{
      amount: number;
      account_kind: 'bank' | 'wallet';
      bank_code: string;
      account_number: string;
    }>('select amount, account_kind, bank_code, account_number from payouts where payout_id = $1', [
      payoutId,
    ]);
    if (!payout) throw new Error('no payout');
    const request = {
      payoutId,
      amount: Number(payout.amount),
      accountKind: payout.account_kind,
      bankCode: payout.bank_code,
      accountNumber: payout.account_number,
      holderName: 'Maria Clara Dela Cruz',
      packageName: 'ph.hiram.app',
    };
    await server.app.payoutProvider.requestPayout(request);
    await server.app.payoutProvider.requestPayout(request);
    expect(await subject.transfers(payoutId)).toBe(1);
  });

  it('puts a refused transfer in the failed-payout queue, the borrower told why', async () => {
    const { orderId, payoutId, token } = await lending(REFUSED_WALLET);
    await subject.answer(payoutId, 'refused');
    expect(await status(orderId)).toBe(S.payFail);
    const queue = await server.app.queues.failedPayouts({ page: 1, pageSize: 50 }, null);
    expect(queue.items).toContainEqual(expect.objectContaining({ orderId, failure: 'accountRejected' }));
    const shown = await server.call('disbursement', { orderId }, { token, lang: 'fil' });
    expect(shown.body.data.payout).toMatchObject({
      state: 'failed',
      failureReason: 'Tinanggihan ng bangko o e-wallet ang paglipat sa account na ito',
    });
  });

  it('lists the day’s paid transfers in its settlement report, with its fee', async () => {
    const { payoutId, quote } = await lending(GOOD_WALLET);
    await subject.answer(payoutId, 'paid');
    const report = await server.app.payoutProvider.settlementReport(manilaDay(server.clock.now()));
    const line = report.find((l) => l.merchantReference === payoutId);
    expect(line).toMatchObject({ amount: quote.netProceeds, status: 'settled', packageName: 'ph.hiram.app' });
    expect(line?.fee).toBeGreaterThan(0);
    expect(line?.net).toBe(-(quote.netProceeds + (line?.fee ?? 0)));
  });
});
