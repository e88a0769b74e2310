import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { expect } from 'vitest';
import { DEMO_PRODUCT } from '../src/db/seed.ts';
import { disbursementLines } from '../src/domain/ledger.ts';
import { completeSteps, detailedPhoto } from './application-fixtures.ts';
import { type StartOptions, startTestServer, type TestServer } from './helper.ts';

/**
 * A borrower with a disbursed loan of the demo product (status 2, repaying), for the servicing suites:
 * applied, approved and signed through the API, then paid out the way the disbursement side records it
 * (the lending and payout events and the disbursement journal, in one transaction).
 */
/**
 * A server for servicing tests: orders assessed at once, and sign-ins (borrowers' and staff's) that outlast
 * the months such a test moves the clock through.
 */
export function startServicingServer(
  options: Pick<StartOptions, 'backgroundJobs'> = {},
): Promise<TestServer> {
  return startTestServer({
    ...options,
    config: {
      assessmentDelaySeconds: 0,
      sessionTtlSeconds: 3650 * 86_400,
      sessionIdleSeconds: 3650 * 86_400,
    },
  });
}

export async function disbursedLoan(
  server: TestServer,
  choice: { amount?: number; tenureDays?: number; lang?: string } = {},
  /** A borrower who borrowed before (her application complete); a new one otherwise. */
  returning?: { token: string; userId: string; mobile: string },
): Promise<{ token: string; userId: string; mobile: string; orderId: string }> {
  const signedIn = returning ?? (await server.signIn());
  const { token } = signedIn;
  if (!returning) await completeSteps(server, token, 'bankAccount');
  const applied = await server.call(
    'applyLoanOrder',
    {
      productId: DEMO_PRODUCT.productId,
      amount: choice.amount ?? DEMO_PRODUCT.minAmount,
      tenureDays: choice.tenureDays ?? (DEMO_PRODUCT.tenureDays[0] as number),
    },
    { token },
  );
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  const orderId: string = applied.body.data.orderId;
  await server.call('submitOrder', { orderId }, { token });
  await server.settle();
  const { documentHash } = (await server.call('loanAgreement', { orderId }, { token })).body.data;
  const signed = await server.call(
    'signAgreement',
    { orderId, documentHash, agreed: true, code: await server.ownCode(token, 'signAgreement') },
    // The language she signs in is the one her texts are sent in.
    choice.lang ? { token, lang: choice.lang } : { token },
  );
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  await payOut(server, orderId);
  return { ...signedIn, orderId };
}

/** Records a successful payout of a signed order, unless the disbursement side already did. */
export async function payOut(server: TestServer, orderId: string): Promise<void> {
  const { app } = server;
  await server.settle();
  const [row] = await server.db.query<{ status: number }>(
    'select status from loan_orders where order_id = $1',
    [orderId],
  );
  if (row?.status === S.repaying) return;
  if (row?.status === S.getMoney) await app.loanOrders.move(orderId, 'disburse');
  await server.db.transaction(async (tx) => {
    const order = await app.loanOrders.moveIn(tx, orderId, 'payoutSucceeded');
    await app.ledger.post(tx, {
      kind: 'disbursement',
      orderId,
      idempotencyKey: `test-disbursement:${orderId}`,
      lines: disbursementLines(order.quote),
    });
  });
}

/** Moves the test clock to a Manila day and hour, then runs the jobs that fell due (the daily run). */
export async function goTo(server: TestServer, manilaDay: string, hour = 9): Promise<void> {
  const target = Date.parse(`${manilaDay}T00:00:00Z`) - 8 * 3600_000 + hour * 3600_000;
  const seconds = (target - server.clock.now().getTime()) / 1000;
  if (seconds < 0) throw new Error(`The clock cannot go back to ${manilaDay}`);
  server.clock.advance(seconds);
  await server.settle();
}

export async function orderStatus(server: TestServer, orderId: string): Promise<number | undefined> {
  const [row] = await server.db.query<{ status: number }>(
    'select status from loan_orders where order_id = $1',
    [orderId],
  );
  return row?.status;
}

/** A proof of payment uploaded and sent for review by the borrower. */
export async function sendProofOf(
  server: TestServer,
  token: string,
  orderId: string,
  amount: number,
  reference = 'GC-2026-0001',
) {
  const uploaded = await server.upload('uploadVoucher', { file: await detailedPhoto(600, 900) }, { token });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
  const saved = await server.call(
    'saveVoucher',
    { voucherId: uploaded.body.data.voucherId, orderId, amount, reference, channel: 'gcash' },
    { token },
  );
  return { voucherId: uploaded.body.data.voucherId as string, saved };
}
