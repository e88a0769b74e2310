import { expect } from 'vitest';
import { DEMO_PRODUCT } from '../src/db/seed.ts';
import { completeSteps, expectOk } from './application-fixtures.ts';
import { setCreditLine } from './credit-line-fixtures.ts';
import type { TestServer } from './helper.ts';

/** Wallet numbers the sandbox payout provider treats apart (docs/providers.md). */
export const GOOD_WALLET = '09171112222';
/** Every transfer to it is refused. */
export const REFUSED_WALLET = '09171110000';
/** Its first transfer is refused, the next paid (a bank briefly down). */
export const REFUSED_ONCE_WALLET = '09171111000';

export function wallet(accountNumber: string) {
  return {
    accountKind: 'wallet',
    bankCode: '90005',
    holderName: 'Maria Clara Dela Cruz',
    accountNumber,
    confirmAccountNumber: accountNumber,
  };
}

export const PAYOUT_CHOICE = {
  productId: DEMO_PRODUCT.productId,
  amount: 500_000,
  tenureDays: DEMO_PRODUCT.tenureDays[0] as number,
};

/** A borrower whose approved order is signed (status 18), to be paid to `accountNumber`. */
export async function signedOrder(server: TestServer, accountNumber = GOOD_WALLET) {
  const signedIn = await server.signIn();
  const { token } = signedIn;
  await setCreditLine(server, signedIn.userId, PAYOUT_CHOICE.amount);
  await completeSteps(server, token, 'questionnaire');
  expectOk('addBankCard', await server.call('addBankCard', wallet(accountNumber), { token }));
  await server.settle();
  const applied = await server.call('applyLoanOrder', PAYOUT_CHOICE, { token });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  const orderId: string = applied.body.data.orderId;
  await server.call('submitOrder', { orderId }, { token });
  await server.settle();
  const { documentHash } = (await server.call('loanAgreement', { orderId }, { token })).body.data;
  expectOk(
    'signAgreement',
    await server.call(
      'signAgreement',
      { orderId, documentHash, agreed: true, code: await server.ownCode(token, 'signAgreement') },
      { token },
    ),
  );
  return { ...signedIn, orderId, quote: applied.body.data.quote };
}

/** A `changeBankCard` code sent to the borrower's own number, past the resend cool-down. */
export async function changeAccountCode(server: TestServer, mobile: string): Promise<string> {
  server.clock.advance(61);
  expectOk('getVerifyCode', await server.call('getVerifyCode', { mobile, type: 'changeBankCard' }));
  return server.lastCode(mobile);
}
