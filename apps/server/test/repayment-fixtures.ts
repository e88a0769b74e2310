import type { CollectionEvent } from '@hiram/contract/api/repayment';
import { API, API_PREFIX } from '@hiram/contract/api/routes';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { encryptPath } from '@hiram/contract/cipher';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { expect } from 'vitest';
import { DEMO_PRODUCT } from '../src/db/seed.ts';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, webhookSignature } from '../src/domain/webhook-signature.ts';
import { completeSteps } from './application-fixtures.ts';
import type { Answer, TestServer } from './helper.ts';

/**
 * A borrower with a loan in repayment (status 2), reached the way a borrower gets there: the application,
 * the assessment, the signature, Get money and the sandbox payout.
 */
export async function repayingLoan(server: TestServer, amount = DEMO_PRODUCT.minAmount) {
  const signedIn = await server.signIn();
  const { token } = signedIn;
  await completeSteps(server, token, 'bankAccount');
  const applied = await server.call(
    'applyLoanOrder',
    { productId: DEMO_PRODUCT.productId, amount, tenureDays: DEMO_PRODUCT.tenureDays[0] as number },
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
    { token },
  );
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  const paidOut = await server.call('getMoney', { orderId }, { token });
  expect(paidOut.status, JSON.stringify(paidOut.body)).toBe(200);
  await server.settle();
  const latest = await server.call('latestLoanOrder', {}, { token });
  expect(latest.body.data.order?.status).toBe(S.repaying);
  return { ...signedIn, orderId };
}

/** A callback as the collections provider signs it; `tamper` changes what is sent after signing. */
export async function sendCollectionEvent(
  server: TestServer,
  event: CollectionEvent,
  options: { secret?: string; ageSeconds?: number; tamper?: (body: string) => string } = {},
): Promise<Answer<{ outcome: string }>> {
  const body = JSON.stringify(event);
  const timestamp = Math.floor(server.clock.now().getTime() / 1000) - (options.ageSeconds ?? 0);
  const signature = webhookSignature(
    options.secret ?? server.config.collectionsWebhookSecret,
    timestamp,
    body,
  );
  return (await server.request({
    method: 'POST',
    url: `${API_PREFIX}/${encryptPath(API.collectionCallback.path, DEFAULT_PACKAGE_NAME)}`,
    headers: {
      'content-type': 'application/json',
      packagename: DEFAULT_PACKAGE_NAME,
      [SIGNATURE_HEADER]: signature,
      [TIMESTAMP_HEADER]: String(timestamp),
    },
    payload: options.tamper ? options.tamper(body) : body,
  })) as Answer<{ outcome: string }>;
}

/** The sandbox cashier marks a reference paid (POST /dev/collections/pay). */
export function payAtCounter(server: TestServer, reference: string, amount?: number, outcome?: string) {
  return server.request({
    method: 'POST',
    url: '/dev/collections/pay',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ reference, ...(amount ? { amount } : {}), ...(outcome ? { outcome } : {}) }),
  });
}

/** The order's journals of a kind, and whether every journal of the order balances. */
export async function journalsOf(server: TestServer, orderId: string) {
  const rows = await server.db.query<{ kind: string; idempotency_key: string; total: string | number }>(
    `select j.kind, j.idempotency_key, sum(e.amount) as total
     from ledger_journals j join ledger_entries e on e.journal_id = j.journal_id
     where j.order_id = $1 group by j.journal_id, j.kind, j.idempotency_key, j.seq order by j.seq`,
    [orderId],
  );
  return {
    kinds: rows.map((row) => row.kind),
    keys: rows.map((row) => row.idempotency_key),
    balanced: rows.every((row) => Number(row.total) === 0),
  };
}
